import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidates the queries under `queryKey` because the core says their data changed.
 * A read already in flight may have read the cache before the change the event announces,
 * so it is read once more after it settles. It is never cancelled and restarted (react-
 * query's default): while a project replicates, events come faster than a busy core
 * answers, and a read restarted on each one never finishes, leaving the screen on what it
 * showed before. However many events arrive during one read, one more read follows it.
 */
export async function invalidateAfterEvent(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const inFlight = client
    .getQueryCache()
    .findAll({ queryKey })
    .filter((query) => query.state.fetchStatus === 'fetching');
  await client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  await Promise.all(
    inFlight.map((query) =>
      client.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false }),
    ),
  );
}
