import type { IpcError, SyncPhase, SyncStatus } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';

/** The engine's state of one connection, as far as sync-status needs it. */
export interface ConnectionSyncState {
  phase: SyncPhase;
  nextAttemptAt: string | null;
  lastError: IpcError | null;
  lastSyncAt: string | null | undefined; // undefined: not read from sync_log yet
}

export function initialState(): ConnectionSyncState {
  return { phase: 'idle', nextAttemptAt: null, lastError: null, lastSyncAt: undefined };
}

export function buildStatus(
  ctx: CoreContext,
  connectionId: string,
  state: ConnectionSyncState,
): SyncStatus {
  state.lastSyncAt ??= lastSyncFromLog(ctx, connectionId);
  const { pending, syncing, errors, conflicts } = ctx.outbox.counts(connectionId);
  const online = state.phase !== 'offline' && !ctx.offline.has(connectionId);
  return {
    connectionId,
    phase: state.phase,
    online,
    reachability: !online
      ? 'unreachable'
      : ctx.reachable.has(connectionId)
        ? 'reachable'
        : 'unknown',
    lastSyncAt: state.lastSyncAt,
    lastContactAt: ctx.connections.get(connectionId)?.lastContactAt ?? null,
    pending,
    syncing,
    errors,
    conflicts,
    pendingEvents: ctx.wellEvents.waitingCount(connectionId),
    nextAttemptAt: state.nextAttemptAt,
    lastError: state.lastError,
  };
}

/** A pass the server accepted changes in: logged, which is where lastSyncAt comes from. */
export function recordSync(ctx: CoreContext, connectionId: string, pushed: number): string {
  const at = ctx.now().toISOString();
  try {
    if (ctx.connections.get(connectionId)) {
      ctx.syncLog.add({
        connectionId,
        kind: 'synced',
        message: `The server accepted ${pushed} change${pushed === 1 ? '' : 's'}.`,
      });
    }
  } catch (error) {
    ctx.log({ level: 'warn', message: 'Could not write the sync log', error });
  }
  return at;
}

/** Kept in sync_log, so "last synced" survives a restart. */
function lastSyncFromLog(ctx: CoreContext, connectionId: string): string | null {
  return (
    (ctx.db
      .prepare("SELECT MAX(at) FROM sync_log WHERE connection_id = ? AND kind = 'synced'")
      .pluck()
      .get(connectionId) as string | null) ?? null
  );
}

/**
 * "Equal jitter": between half and all of an exponentially growing window, so
 * laptops coming back together spread out, yet a probe never follows at once.
 */
export function backoffMs(
  failures: number,
  baseMs: number,
  maxMs: number,
  random: () => number,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
  return Math.max(1, Math.floor(ceiling / 2 + (random() * ceiling) / 2));
}
