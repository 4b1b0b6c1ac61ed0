import { queryOptions } from '@tanstack/react-query';
import { send } from '../bridge/bridge.js';

/**
 * Well events (shared/desktop/well-events.ts): a project's, or one well's. The core reads the
 * server's list when it answers and answers from this computer whatever happens; an `events`
 * cache change re-reads them (queries/use-core-events.ts).
 */
export const eventQueries = {
  all: ['well-events'] as const,
  ofProject: (projectId: string) =>
    queryOptions({
      queryKey: [...eventQueries.all, projectId, 'project'],
      queryFn: () => send('well-events-list', { projectId }),
    }),
  ofWell: (projectId: string, wellId: string) =>
    queryOptions({
      queryKey: [...eventQueries.all, projectId, 'well', wellId],
      queryFn: () => send('well-events-list', { projectId, wellId }),
    }),
};
