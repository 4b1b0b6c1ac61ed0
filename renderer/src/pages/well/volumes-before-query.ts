import { queryOptions } from '@tanstack/react-query';
import { HISTORY_START } from '#shared/desktop/index.js';
import type { VolumesBefore } from '#shared/production/index.js';
import { send } from '../../bridge/bridge.js';
import { untilTheCacheChanges } from './production-query.js';

export { HISTORY_START };

/**
 * What the well produced before a range, so cumulative volumes are counted since first
 * production (Np, Gp, Wp), not since the range's first day. The core sums the daily rates
 * from the start of history to the day before the range (production-volumes-before: what
 * is not cached is fetched, pending edits count) and sends three numbers, not fifteen
 * years of days. `volumes` is null when the history is not all on this computer (the
 * chart then says it counts from the range's start).
 */
export interface VolumesBeforeRange {
  volumes: VolumesBefore | null;
  /** Summed from what this computer holds with the server out of reach. */
  offline: boolean;
  stale: boolean;
}

export function volumesBeforeQuery(projectId: string, wellId: string, from: string) {
  return queryOptions({
    // Under 'production', so edits and downloads (core events) re-read it.
    queryKey: ['production', projectId, wellId, 'before', from] as const,
    queryFn: async (): Promise<VolumesBeforeRange> => {
      if (from <= HISTORY_START) {
        return {
          volumes: { oil_rate: 0, gas_rate: 0, water_rate: 0 },
          offline: false,
          stale: false,
        };
      }
      try {
        const before = await send('production-volumes-before', { projectId, wellId, before: from });
        return { volumes: before.data.volumes, offline: before.offline, stale: before.stale };
      } catch {
        // Offline with none of it cached: the total is not known.
        return { volumes: null, offline: true, stale: true };
      }
    },
    staleTime: untilTheCacheChanges,
  });
}
