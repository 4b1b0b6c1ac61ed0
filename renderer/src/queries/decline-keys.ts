import { queryOptions } from '@tanstack/react-query';
import { send } from '../bridge/bridge.js';

/**
 * Decline analysis reads (docs/architecture.md, "react-query"): a well's saved fits, the
 * project's forecast settings and the project's "Forecast all wells" run. Fits sit under
 * 'decline', which production changes invalidate (a fit turns stale when its well's
 * production changes), as do the Forecast all progress events.
 */
export const declineQueries = {
  all: ['decline'] as const,
  fits: (projectId: string, wellId: string) =>
    queryOptions({
      queryKey: [...declineQueries.all, 'fits', projectId, wellId],
      queryFn: () => send('decline-fits-get', { projectId, wellId }),
    }),
  settings: (projectId: string) =>
    queryOptions({
      queryKey: [...declineQueries.all, 'settings', projectId],
      queryFn: () => send('decline-settings-get', { projectId }),
    }),
  /** The project's last or running Forecast all; `forecast-all-progress` updates it in place. */
  forecastAll: (projectId: string) =>
    queryOptions({
      queryKey: ['forecast-all', projectId],
      queryFn: () => send('forecast-all-status', { projectId }),
    }),
};
