import { queryOptions } from '@tanstack/react-query';
import type { Aggregation, ProductionField } from '#shared/api/index.js';
import { sameColumns, type ProductionColumnsResult } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { DEFAULT_STALE_MS } from '../../queries/stale-time.js';
import type { IsoRange } from './date-range.js';

/**
 * production-get for the well page. The key starts with 'production', which the core's
 * `cache-changed` and `outbox-changed` events invalidate (queries/use-core-events.ts), so
 * an edit or a background download redraws the charts. The previous range's data (of this
 * well only) stays on screen while a new range loads, instead of the charts blinking out.
 */
export function productionQuery(
  projectId: string,
  wellId: string,
  range: IsoRange,
  aggregation: Aggregation,
) {
  return queryOptions({
    queryKey: ['production', projectId, wellId, range.from, range.to, aggregation] as const,
    queryFn: () => send('production-get', { projectId, wellId, ...range, aggregation }),
    placeholderData: (previous) => (previous?.data.wellId === wellId ? previous : undefined),
  });
}

/**
 * The same read as typed columns (production-columns), for the well page's charts and
 * the records grid under them: no JSON of 7,300 rows to parse, and one read shared by the
 * cumulative chart and the grid. `fields` narrows it (the grid's lookback reads the rates).
 */
export function productionColumnsQuery(
  projectId: string,
  wellId: string,
  range: IsoRange,
  aggregation: Aggregation,
  fields?: readonly ProductionField[],
) {
  return queryOptions({
    queryKey: [
      'production',
      projectId,
      wellId,
      'columns',
      range.from,
      range.to,
      aggregation,
      fields?.join(',') ?? 'all',
    ] as const,
    queryFn: () =>
      send('production-columns', {
        projectId,
        wellId,
        ...range,
        aggregation,
        ...(fields ? { fields: [...fields] } : {}),
      }),
    placeholderData: (previous) => (previous?.data.wellId === wellId ? previous : undefined),
    staleTime: untilTheCacheChanges,
    // A re-read with the same days keeps the answer on screen (react-query's own sharing
    // compares plain objects only, and typed arrays would always read as changed).
    structuralSharing: (previous: unknown, next: unknown) =>
      keepSameColumns(
        previous as ProductionColumnsResult | undefined,
        next as ProductionColumnsResult,
      ),
  });
}

/**
 * A production answer read wholly from this computer's cache, online, changes only when
 * the cache does, and the core announces every such change (cache-changed, outbox-changed,
 * a download's end), which invalidates every 'production' query. Re-reading it on every
 * return to a range (the default five seconds) only cost the range buttons' click a round
 * trip's work. An answer given offline, or with days missing, is re-read as any query is:
 * back online, the gaps are fetched.
 */
export function untilTheCacheChanges(query: {
  state: { data?: { offline: boolean; stale: boolean } | undefined };
}): number {
  const answer = query.state.data;
  return answer && !answer.offline && !answer.stale ? Infinity : DEFAULT_STALE_MS;
}

function keepSameColumns(
  previous: ProductionColumnsResult | undefined,
  next: ProductionColumnsResult,
): ProductionColumnsResult {
  if (!previous || !sameColumns(previous.data, next.data)) return next;
  const { data: _data, ...rest } = next;
  const { data: _previous, ...previousRest } = previous;
  return JSON.stringify(rest) === JSON.stringify(previousRest)
    ? previous
    : { ...next, data: previous.data };
}
