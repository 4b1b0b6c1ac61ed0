import { queryOptions } from '@tanstack/react-query';
import {
  VOLUME_FIELDS,
  volumesOf,
  type VolumesBefore,
} from '../../../../shared/production/index.js';
import type { ProductionView } from '../../../../shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { addDays } from '../../../../shared/dates/iso-day.js';

/** The earliest day a range can start on; the history before a range is read from here. */
export const HISTORY_START = '1900-01-01';

/**
 * What the well produced before a range, so cumulative volumes are counted since first
 * production (Np, Gp, Wp), not since the range's first day. One daily read of the three
 * rates from the start of history to the day before the range, through production-get like
 * any other read: cached days are not fetched again, pending edits count, and offline the
 * read says what it lacks. `volumes` is null when the history is not all on this computer
 * (the chart then says it counts from the range's start).
 */
export interface VolumesBeforeRange {
  volumes: VolumesBefore | null;
  /**
   * The daily rates read for them (null when nothing was read), which the records grid's
   * plausibility rules take as the well's earlier days: one read serves both.
   */
  rates: ProductionView | null;
}

export function volumesBeforeQuery(projectId: string, wellId: string, from: string) {
  return queryOptions({
    // Under 'production', so edits and downloads (core events) re-read it.
    queryKey: ['production', projectId, wellId, 'before', from] as const,
    queryFn: async (): Promise<VolumesBeforeRange> => {
      if (from <= HISTORY_START) {
        return { volumes: { oil_rate: 0, gas_rate: 0, water_rate: 0 }, rates: null };
      }
      const dayBefore = addDays(from, -1);
      try {
        const history = await send('production-get', {
          projectId,
          wellId,
          from: HISTORY_START,
          to: dayBefore,
          aggregation: 'daily',
          fields: [...VOLUME_FIELDS],
        });
        return {
          volumes: history.data.missing.length === 0 ? volumesOf(history.data) : null,
          rates: history.data,
        };
      } catch {
        // Offline with none of it cached: the total is not known.
        return { volumes: null, rates: null };
      }
    },
  });
}
