import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ChangesListArgs, ChangesListResult } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { syncQueries } from '../../queries/keys.js';

export type ChangeFilters = Omit<ChangesListArgs, 'connectionId' | 'before' | 'limit'>;

/** Rows per page of the log on screen; the CSV reads the largest pages the core allows. */
export const CHANGES_PAGE = 200;

/**
 * The change log, newest first, page by page. Under `sync`, so every `outbox-changed` (a
 * new change, a sync that settled one) reads it again.
 */
export const changeQueries = {
  list: (filters: ChangeFilters) =>
    infiniteQueryOptions({
      queryKey: [...syncQueries.all, 'changes', filters],
      queryFn: ({ pageParam }) =>
        send('changes-list', {
          ...filters,
          limit: CHANGES_PAGE,
          ...(pageParam === null ? {} : { before: pageParam }),
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last: ChangesListResult) => last.nextBefore,
    }),
  recent: () => ({
    queryKey: [...syncQueries.all, 'changes-recent'],
    queryFn: () => send('changes-recent', { limit: 8 }),
  }),
};
