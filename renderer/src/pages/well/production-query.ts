import { queryOptions } from '@tanstack/react-query';
import type { Aggregation } from '../../../../shared/api/index.js';
import { send } from '../../bridge/bridge.js';
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
