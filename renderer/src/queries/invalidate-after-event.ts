import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidates the queries under `queryKey` because the core says their data changed.
 * react-query restarts a read already in flight only once the query has data; a first
 * read in flight is joined instead, and it may have read the cache before the change the
 * event announces. Those queries are read once more after they settle, so no screen can
 * keep a result older than the last event.
 */
export async function invalidateAfterEvent(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstReads = client
    .getQueryCache()
    .findAll({ queryKey })
    .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  await client.invalidateQueries({ queryKey });
  await Promise.all(
    firstReads.map((query) => client.invalidateQueries({ queryKey: query.queryKey, exact: true })),
  );
}
