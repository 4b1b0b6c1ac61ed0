import { queryOptions } from '@tanstack/react-query';
import type { FieldTotalsArgs, WellsListArgs } from '#shared/desktop/index.js';
import { send } from '../bridge/bridge.js';
import { laterThanReply, markList, replicaMark } from '../replica/replica-events.js';

/**
 * One key factory per domain (docs/architecture.md, "react-query"). Every queryFn calls a
 * core handler; the core answers from its cache at once, and `cache-changed` events
 * invalidate these keys when a background refresh brings something new.
 */
export const connectionQueries = {
  all: ['connections'] as const,
  list: () =>
    queryOptions({
      queryKey: [...connectionQueries.all, 'list'],
      queryFn: () => send('connections-list', {}),
    }),
};

export const projectQueries = {
  all: ['projects'] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all, 'list'],
      queryFn: () => send('projects-list', {}),
    }),
  detail: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all, 'detail', projectId],
      queryFn: () => send('projects-get', { projectId }),
    }),
};

export type WellFilters = Omit<WellsListArgs, 'connectionId' | 'refresh'>;

export const wellQueries = {
  all: ['wells'] as const,
  list: (filters: WellFilters) =>
    queryOptions({
      queryKey: [...wellQueries.all, 'list', filters],
      queryFn: () => send('wells-list', filters),
      placeholderData: (previous) => previous,
    }),
  detail: (projectId: string, wellId: string) =>
    queryOptions({
      queryKey: [...wellQueries.all, 'detail', projectId, wellId],
      queryFn: () => send('wells-get', { projectId, wellId }),
    }),
};

export const syncQueries = {
  all: ['sync'] as const,
  status: () =>
    queryOptions({
      queryKey: [...syncQueries.all, 'status'],
      queryFn: () => send('sync-status', {}),
    }),
  /** Under `sync`, so the `outbox-changed` invalidation of syncQueries.all re-reads it. */
  outbox: () =>
    queryOptions({
      queryKey: [...syncQueries.all, 'outbox'],
      queryFn: () => send('outbox-list', {}),
    }),
  /**
   * One operation with its content (outbox-get), under the outbox's key so
   * `outbox-changed` re-reads it. Without records: the conflict table needs
   * only the disputed fields (Export asks the core itself, for everything).
   */
  operation: (seq: number) =>
    queryOptions({
      queryKey: [...syncQueries.all, 'outbox', seq],
      queryFn: () => send('outbox-get', { seq, withRecords: false }),
    }),
};

export const downloadQueries = {
  all: ['offline-download'] as const,
  /** The last or running download of a project; `download-progress` events update it in place. */
  status: (projectId: string) =>
    queryOptions({
      queryKey: [...downloadQueries.all, projectId],
      queryFn: () => send('offline-download-status', { projectId }),
    }),
};

/**
 * The data-quality queue of a project: a scan of the production on this computer. Not
 * invalidated by cache events (a scan reads every well): "Scan again" re-reads it.
 */
export const qualityQueries = {
  all: ['quality'] as const,
  scan: (projectId: string) =>
    queryOptions({
      queryKey: [...qualityQueries.all, 'scan', projectId],
      queryFn: () => send('quality-scan', { projectId }),
      staleTime: Infinity,
    }),
  /** The rules as tuned for the project; changed only by quality-settings-save. */
  settings: (projectId: string) =>
    queryOptions({
      queryKey: [...qualityQueries.all, 'settings', projectId],
      queryFn: () => send('quality-settings-get', { projectId }),
      staleTime: Infinity,
    }),
};

/**
 * Field totals of a project (the Overview tab): sums over the production on this computer.
 * Under `production`, so an edit, a sync or new production read from the server re-reads them.
 */
export const fieldQueries = {
  totals: (args: Omit<FieldTotalsArgs, 'connectionId'>) =>
    queryOptions({
      queryKey: ['production', 'field-totals', args],
      queryFn: () => send('field-totals', args),
    }),
};

/**
 * The working set kept on this computer: a project's replica, and every kept project with
 * the storage settings. `replica-progress` events update both in place (replica/); a read
 * answered while events arrived keeps what the events said (replica-events.ts; the list
 * through useReplicaList's select).
 */
export const replicaQueries = {
  all: ['replica'] as const,
  status: (projectId: string) =>
    queryOptions({
      queryKey: [...replicaQueries.all, 'status', projectId],
      queryFn: async ({ client }) => {
        const mark = replicaMark(client);
        return laterThanReply(client, mark, await send('replica-status', { projectId }));
      },
    }),
  list: () =>
    queryOptions({
      queryKey: [...replicaQueries.all, 'list'],
      queryFn: async ({ client }) => {
        const mark = replicaMark(client);
        return markList(await send('replica-list', {}), mark);
      },
      // Kept as returned: its mark (replica-events.ts) belongs to this very object.
      structuralSharing: false,
    }),
};
