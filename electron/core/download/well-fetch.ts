import { PRODUCTION_FIELDS, type UnitSystem } from '#shared/api/index.js';
import type { ApiClient } from '#shared/client/index.js';
import { CoreError } from '#shared/desktop/index.js';
import { span, subtractIntervals, type DateInterval } from '../cache/date-intervals.js';
import type { StoredRow } from '../cache/production-repo.js';
import { emitCacheChanged, writeIfConnected, type CoreContext } from '../core-context.js';
import type { DownloadSpec, WellTask } from './run-types.js';
import { seriesToStoredRows } from '../cache/series-rows.js';

/**
 * A well's missing ranges, fetched in full before anything is written, then
 * written with their coverage in one transaction. Returns the rows received,
 * or null when the well left the cache meanwhile. `pass.again`: the ranges are
 * read again whatever is held (the project's unit system changed under the run).
 */
export async function fetchAndStore(
  ctx: CoreContext,
  spec: DownloadSpec,
  client: ApiClient,
  task: WellTask,
  pass: { unitSystem: UnitSystem; again: boolean },
  signal: AbortSignal,
): Promise<number | null> {
  const { unitSystem } = pass;
  // The well's turn first: a read the person waits on may be fetching it right now, and what
  // it brought is not fetched again (the gaps were planned at the start of the pass).
  return ctx.wellFetches.run(spec.connection.id, task.id, () => {
    const again = pass.again || (spec.refetch?.(task.id) ?? false);
    const gaps = again
      ? task.gaps
      : task.gaps.flatMap((gap) =>
          subtractIntervals(gap, ctx.coverage.overlapping(spec.connection.id, task.id, gap)),
        );
    if (gaps.length === 0) return Promise.resolve(0);
    return fetchWithRetries(ctx, spec, client, { ...task, gaps }, unitSystem, signal);
  });
}

async function fetchWithRetries(
  ctx: CoreContext,
  spec: DownloadSpec,
  client: ApiClient,
  task: WellTask,
  unitSystem: UnitSystem,
  signal: AbortSignal,
): Promise<number | null> {
  for (let attempt = 1; ; attempt++) {
    const stored = await fetchAndStoreOnce(ctx, spec, client, task, unitSystem, signal);
    if (stored !== 'moved') return stored;
    // Written meanwhile (a sync stored the server's answer to a push): read it again, newer.
    if (attempt === MAX_ATTEMPTS) {
      throw new CoreError(
        'conflict',
        `Well ${task.name} kept changing on this computer while it was being fetched; it is fetched again on the next pass.`,
      );
    }
  }
}

/** A well written by someone else while fetched is read again this many times at most. */
const MAX_ATTEMPTS = 3;

async function fetchAndStoreOnce(
  ctx: CoreContext,
  spec: DownloadSpec,
  client: ApiClient,
  task: WellTask,
  unitSystem: UnitSystem,
  signal: AbortSignal,
): Promise<number | null | 'moved'> {
  const { connection, projectId } = spec;
  const generation = ctx.production.settled(connection.id, task.id);
  const parts: Array<{ range: DateInterval; rows: StoredRow[] }> = [];
  for (const gap of task.gaps) {
    const series = await client.getProduction(
      projectId,
      task.id,
      { ...gap, aggregation: 'daily', fields: PRODUCTION_FIELDS },
      { signal },
    );
    parts.push({ range: gap, rows: seriesToStoredRows(series, gap, unitSystem) });
  }
  const at = ctx.now().toISOString();
  const written = writeIfConnected(ctx, connection.id, () => {
    if (!ctx.wells.get(connection.id, task.id)) return null;
    if (ctx.production.settled(connection.id, task.id) !== generation) return 'moved';
    let changes = 0;
    for (const { range, rows } of parts) {
      changes += ctx.production.replaceRange(connection.id, task.id, range, rows);
      ctx.coverage.add(connection.id, task.id, range, at);
    }
    return changes;
  });
  if (written === undefined) {
    throw new CoreError(
      'not-found',
      `The connection "${connection.name}" was removed during the download.`,
    );
  }
  if (written === null || written === 'moved') return written;
  if (written > 0) {
    emitCacheChanged(ctx, {
      connectionId: connection.id,
      kind: 'production',
      projectId,
      wellId: task.id,
      range: task.gaps.reduce(span),
    });
  }
  return parts.reduce((sum, part) => sum + part.rows.length, 0);
}
