import { CoreError, type ReadResult, type RefreshMode } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { isOfflineError } from '../core-errors.js';
import { isOlderThanFreshness, type CoreContext } from '../core-context.js';

/**
 * The read policy shared by projects-list/get and wells-list/get:
 * - nothing cached, or `refresh: 'await'`: fetch, then answer from the cache
 *   (source 'server'); when the server is unreachable, answer from the cache
 *   marked offline, or fail with `offline` when there is nothing to answer;
 * - otherwise answer from the cache at once, and when it is older than the
 *   freshness window refresh in the background (`cache-changed` follows if
 *   anything differs).
 */
export interface ReadThrough<T> {
  connection: ConnectionRow;
  refresh: RefreshMode | undefined;
  /** Deduplication key of the refresh. */
  key: string;
  /** When what `read` needs was last fetched; null when the cache cannot answer. */
  fetchedAt: () => string | null;
  update: (signal: AbortSignal) => Promise<void>;
  read: () => T;
  /** The `offline` error's message when the cache cannot answer. */
  notCached: string;
}

export async function readThrough<T>(
  ctx: CoreContext,
  spec: ReadThrough<T>,
): Promise<ReadResult<T>> {
  const cachedAt = spec.fetchedAt();
  if (spec.refresh === 'await' || cachedAt === null) {
    try {
      await ctx.foreground.track(() => ctx.refresher.run(spec.key, spec.update));
    } catch (error) {
      if (!isOfflineError(error)) throw error;
      const fetchedAt = spec.fetchedAt();
      if (fetchedAt === null) {
        // The network detail goes to the log; the person gets what it means and what to do.
        ctx.log({ level: 'info', message: `Offline read of ${spec.key}: ${error.message}` });
        throw new CoreError('offline', spec.notCached, {
          status: error.status,
          code: error.code,
        });
      }
      return { data: spec.read(), source: 'cache', stale: true, offline: true, fetchedAt };
    }
    return {
      data: spec.read(),
      source: 'server',
      stale: false,
      offline: false,
      fetchedAt: spec.fetchedAt(),
    };
  }
  const refreshing = isOlderThanFreshness(ctx, cachedAt);
  if (refreshing) {
    ctx.refresher.background(spec.key, spec.update, (error) =>
      reportBackgroundFailure(ctx, spec.connection, spec.key, error),
    );
  }
  const offline = ctx.offline.has(spec.connection.id);
  return {
    data: spec.read(),
    source: 'cache',
    stale: refreshing || offline,
    offline,
    fetchedAt: cachedAt,
  };
}

/** Offline is expected and already recorded; anything else goes to the log and sync_log. */
export function reportBackgroundFailure(
  ctx: CoreContext,
  connection: ConnectionRow,
  what: string,
  error: unknown,
): void {
  if (isOfflineError(error)) return;
  const message = error instanceof Error ? error.message : String(error);
  ctx.log({ level: 'warn', message: `Background refresh ${what} failed: ${message}`, error });
  try {
    ctx.syncLog.add({
      connectionId: ctx.connections.get(connection.id) ? connection.id : null,
      kind: 'refresh-failed',
      message: `Refreshing ${what.split(':').slice(1).join(' ')} failed: ${message}`,
      requestId: (error as { requestId?: string }).requestId,
    });
  } catch (logError) {
    ctx.log({ level: 'error', message: 'Could not write the sync log', error: logError });
  }
}
