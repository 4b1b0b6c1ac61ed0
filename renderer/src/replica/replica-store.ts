import type { QueryClient } from '@tanstack/react-query';
import type { HandlerArgs, ReplicaStatus } from '#shared/desktop/index.js';
import { send } from '../bridge/bridge.js';
import { isCurrentConnection } from '../queries/current-connection.js';
import { invalidateAfterEvent } from '../queries/invalidate-after-event.js';
import { projectQueries, replicaQueries, wellQueries } from '../queries/keys.js';
import { laterThanReply, listWith, noteReplicaEvent, replicaMark } from './replica-events.js';

/** The handlers that act on one project's replica and answer with its status. */
export type ReplicaCommand =
  | 'replica-open'
  | 'replica-pin'
  | 'replica-pause'
  | 'replica-resume'
  | 'replica-cancel'
  | 'replica-remove';

/** A project's status into both caches that show it: the project's own and the list's. */
export function storeReplicaStatus(client: QueryClient, status: ReplicaStatus): void {
  client.setQueryData(replicaQueries.status(status.projectId).queryKey, status);
  client.setQueryData(replicaQueries.list().queryKey, (list) => list && listWith(list, status));
}

/** Sends a command and keeps its reply, unless events since its request said more. */
export async function sendReplicaCommand<K extends ReplicaCommand>(
  client: QueryClient,
  name: K,
  args: HandlerArgs<K>,
): Promise<ReplicaStatus> {
  const mark = replicaMark(client);
  const reply = (await send(name, args)) as ReplicaStatus;
  const status = laterThanReply(client, mark, reply);
  // A reply no event overtook is the newest word on its project: counted like an event, so
  // a list read in flight (sent before the project was opened) takes it in.
  if (status === reply) noteReplicaEvent(client, reply);
  storeReplicaStatus(client, status);
  return status;
}

/** What the replica's days feed: the sidebar's offline counts, the wells table, the charts. */
export function invalidateReplicaReaders(client: QueryClient): void {
  void invalidateAfterEvent(client, projectQueries.all);
  void invalidateAfterEvent(client, wellQueries.all);
  void invalidateAfterEvent(client, ['production']);
}

/**
 * A `replica-progress` event into the caches. Events of another connection (one switched
 * away from while its run ended) are not this view's. A run writes days without a
 * `cache-changed` per well: when it stops (current, paused, offline, failed), what reads
 * those days reads them again, once per run rather than per well.
 */
export function receiveReplicaEvent(client: QueryClient, status: ReplicaStatus): void {
  if (!noteReplicaEvent(client, status)) return;
  if (!isCurrentConnection(client, status.connectionId)) return;
  const previous =
    client.getQueryData(replicaQueries.status(status.projectId).queryKey) ??
    client
      .getQueryData(replicaQueries.list().queryKey)
      ?.projects.find((project) => project.projectId === status.projectId);
  storeReplicaStatus(client, status);
  if (previous?.state === 'running' && status.state !== 'running') {
    invalidateReplicaReaders(client);
  }
}
