import type { QueryClient } from '@tanstack/react-query';
import { connectionQueries, syncQueries } from './keys.js';

/**
 * Whether an event of `connectionId` is the current connection's. Projects of other
 * connections are kept on this computer in the background, and their events (a status, a
 * replica's progress) must not be shown as the current one's: the top bar would say
 * "Online" for a server that has gone because another one answered. Known from the
 * connections list, else from the status shown; with neither yet, the event is taken.
 */
export function isCurrentConnection(client: QueryClient, connectionId: string): boolean {
  const current =
    client
      .getQueryData(connectionQueries.list().queryKey)
      ?.connections.find((connection) => connection.isCurrent)?.id ??
    client.getQueryData(syncQueries.status().queryKey)?.connectionId;
  return current === undefined || current === connectionId;
}
