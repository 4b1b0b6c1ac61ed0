import { queryOptions } from '@tanstack/react-query';
import type { DeclineStream, ForecastAllStatus } from '#shared/desktop/index.js';
import { send } from '../bridge/bridge.js';
import { laterStatus } from '../pages/wells/forecast-all/forecast-all-text.js';

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
  /** Every saved fit of a well's stream; under 'decline', so a run's progress re-reads it. */
  history: (projectId: string, wellId: string, stream: DeclineStream) =>
    queryOptions({
      queryKey: [...declineQueries.all, 'history', projectId, wellId, stream],
      queryFn: () => send('decline-fit-history', { projectId, wellId, stream }),
    }),
  /** The key of all of a well's histories, which every save of one of its fits changes. */
  wellHistories: (projectId: string, wellId: string) =>
    [...declineQueries.all, 'history', projectId, wellId] as const,
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
      // A read answered while progress events arrived must not put the run back.
      structuralSharing: (previous: unknown, next: unknown) =>
        laterStatus(previous as ForecastAllStatus | undefined, next as ForecastAllStatus),
    }),
};
