import { ApiClient, type ApiClientOptions, type FetchLike } from '#shared/client/index.js';
import { CoreError } from '#shared/desktop/index.js';
import type { ConnectionRow } from './cache/connections-repo.js';
import type { SecretStore } from './secret-store.js';

/** Tuning of the core's API clients; tests shorten timeouts and retries. */
export type ClientTuning = Pick<ApiClientOptions, 'timeoutMs' | 'retry' | 'rateLimit'>;

/**
 * Reads the user is waiting for should fail over to the cache within a second
 * or two, not after the client's default five attempts over ~8 s. A
 * Retry-After over 10 s is not slept through inside a call either: the call
 * fails with it, and the sync engine schedules the retry where its status
 * shows it and sync-now can cut it short.
 */
export const DEFAULT_CLIENT_TUNING: ClientTuning = {
  timeoutMs: 15_000,
  retry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2_000, maxRetryAfterMs: 10_000 },
};

/**
 * One ApiClient per connection (so its rate limiter sees all of that
 * connection's traffic), built with the token from the SecretStore the first
 * time it is needed. The token stays inside the client.
 */
export class ClientPool {
  private readonly clients = new Map<string, { baseUrl: string; client: ApiClient }>();
  private readonly forgetListeners = new Set<(connectionId: string) => void>();

  constructor(
    private readonly secrets: SecretStore,
    private readonly fetch: FetchLike | undefined,
    private readonly tuning: ClientTuning,
  ) {}

  async get(connection: ConnectionRow): Promise<ApiClient> {
    const cached = this.clients.get(connection.id);
    if (cached && cached.baseUrl === connection.baseUrl) return cached.client;
    const token = await this.secrets.get(connection.id);
    if (token === null) {
      throw new CoreError(
        'unauthorized',
        `No API token is saved for "${connection.name}"; enter it again to connect.`,
      );
    }
    const client = this.build(connection.baseUrl, token, this.tuning);
    this.clients.set(connection.id, { baseUrl: connection.baseUrl, client });
    return client;
  }

  /** A one-off client for a connection test: one attempt, no limiter, so the answer is quick. */
  probe(baseUrl: string, token: string): ApiClient {
    return this.build(baseUrl, token, {
      timeoutMs: this.tuning.timeoutMs,
      retry: { maxAttempts: 1 },
      rateLimit: false,
    });
  }

  /** After a connection's address or token changed, or it was removed. */
  forget(connectionId: string): void {
    this.clients.delete(connectionId);
    for (const listener of this.forgetListeners) listener(connectionId);
  }

  /** The sync engine listens: a replaced token ends a "sign in again" pause. */
  onForget(listener: (connectionId: string) => void): void {
    this.forgetListeners.add(listener);
  }

  private build(baseUrl: string, token: string, tuning: ClientTuning): ApiClient {
    return new ApiClient({
      baseUrl,
      token,
      ...(this.fetch === undefined ? {} : { fetch: this.fetch }),
      ...tuning,
    });
  }
}
