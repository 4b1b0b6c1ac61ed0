/**
 * What every read handler answers: the data and where it came from, so the UI
 * can say "offline" or "as of 10:42" and the tests can tell cache from server.
 */
export type DataSource = 'cache' | 'server';

export interface ReadResult<T> {
  data: T;
  /** `server`: fetched during this call. `cache`: read from the local copy. */
  source: DataSource;
  /**
   * True when the answer may be behind the server: it came from the cache
   * while a background refresh runs (it was older than the freshness window;
   * `cache-changed` follows if anything differs), or the server is unreachable.
   * Cached production is not refreshed in the background (the coverage says
   * what is held), so it is stale only offline.
   */
  stale: boolean;
  /** The server could not be reached during this call. */
  offline: boolean;
  /** When the data was last confirmed by the server (oldest part), ISO 8601; null if never. */
  fetchedAt: string | null;
}
