import { boundedDelay } from '#shared/client/index.js';
import type { SyncStatus } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { CoreContext, SyncHooks } from '../core-context.js';
import { PassStop, UNEXPECTED, type Failure } from './classify.js';
import { pushWellEvents } from '../well-events/event-sync.js';
import { pushWellHead } from './push-well.js';
import type { PushScope } from './push-scope.js';
import {
  backoffMs,
  buildStatus,
  initialState,
  recordSync,
  type ConnectionSyncState,
} from './sync-status.js';

/** How the engine arms its retry timers; tests inject their own to see and fire them. */
export interface RetryTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SyncTuning {
  /** First wait after a network error or a 5xx; doubles with each failure in a row. */
  baseDelayMs: number;
  maxDelayMs: number;
  random?: () => number;
  timers?: RetryTimers;
}

export const DEFAULT_SYNC_TUNING: SyncTuning = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

/** Unref'd: a pending retry must not keep the process alive at shutdown. */
const REAL_TIMERS: RetryTimers = {
  set: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Connection extends ConnectionSyncState {
  failures: number;
  timer: unknown;
  /** Aborts the running pass when the connection is removed. */
  passAbort: AbortController | null;
  /** Work arrived while a pass ran: run again before going idle. */
  dirty: boolean;
  /** The token the server refused (401): nothing is sent until it is replaced. */
  refusedToken: string | null;
  lastEmitted: string;
}

/**
 * Sends the outbox of every connection: whenever there is work and the
 * server can be reached, and at once on sync-now. One pass at a time per
 * connection (wells one after the other, so the rate limiter paces them and
 * requests stay countable); what stops a pass decides the next one:
 * offline → probe with backoff; 429 → after Retry-After; 5xx → backoff;
 * 401 → nothing until the token changes. Failed operations never stop the
 * pass: other wells go on (see push-well.ts for the per-well order).
 */
export class SyncEngine implements SyncHooks {
  private readonly connections = new Map<string, Connection>();
  private closed = false;
  private readonly timers: RetryTimers;

  constructor(
    private readonly ctx: CoreContext,
    private readonly tuning: SyncTuning = DEFAULT_SYNC_TUNING,
  ) {
    this.timers = tuning.timers ?? REAL_TIMERS;
    ctx.events.on('outbox-changed', ({ connectionId }) => this.emitStatus(connectionId));
    ctx.clients.onForget((connectionId) => this.kick(connectionId));
  }

  /** After a crash nothing is being sent: such operations are pending again. Then work starts. */
  start(): void {
    this.ctx.outbox.resetSyncing();
    for (const connectionId of this.ctx.outbox.connectionsWithWork()) this.kick(connectionId);
    for (const connection of this.ctx.connections.list()) {
      if (this.ctx.wellEvents.hasWorkToSend(connection.id)) this.kick(connection.id);
    }
  }

  kick(connectionId: string): void {
    if (this.closed) return;
    // The client pool forgets a removed connection, which lands here.
    if (!this.ctx.connections.get(connectionId)) {
      this.drop(connectionId);
      return;
    }
    const state = this.state(connectionId);
    if (state.phase === 'signed-out') {
      void this.resumeIfTokenReplaced(connectionId);
      return;
    }
    state.dirty = true;
    // While backing off, new work waits for the timer; otherwise it starts soon
    // (after the current handler returns, so a burst of saves goes out together).
    if (state.phase === 'waiting' || state.phase === 'offline' || state.phase === 'syncing') return;
    this.schedule(connectionId, 0);
  }

  contact(connectionId: string, reachable: boolean): void {
    if (this.closed) return;
    const state = this.state(connectionId);
    if (reachable && state.phase === 'offline') this.schedule(connectionId, 0);
    else this.emitStatus(connectionId);
  }

  /**
   * connections-set-token saved a token the server just accepted: the pause
   * ends even if it is the very token refused before (revoked, then restored),
   * which resumeIfTokenReplaced alone would keep refusing.
   */
  tokenReplaced(connectionId: string): void {
    if (this.closed) return;
    const state = this.state(connectionId);
    if (state.phase === 'signed-out') this.endPause(state);
    this.kick(connectionId);
  }

  /**
   * sync-now: a pass right away, whatever backoff or Retry-After was running
   * (the person asked to try now; a server still throttling answers 429 again
   * and the status says when the next try is); resolves when it is done.
   */
  async syncNow(connectionId: string): Promise<SyncStatus> {
    const state = this.state(connectionId);
    const signedOut = () => state.phase === 'signed-out';
    if (signedOut()) await this.resumeIfTokenReplaced(connectionId);
    if (!signedOut() && !this.closed) {
      this.cancelTimer(state);
      state.dirty = true;
      await this.releaseClientWaits(connectionId);
      await this.run(connectionId);
      // Joined a pass that was already failing (a probe, say): this call asked for a fresh one.
      if (state.dirty && !signedOut()) {
        this.cancelTimer(state);
        await this.run(connectionId);
      }
    }
    return this.status(connectionId);
  }

  status(connectionId: string): SyncStatus {
    return buildStatus(this.ctx, connectionId, this.state(connectionId));
  }

  close(): void {
    this.closed = true;
    for (const state of this.connections.values()) this.cancelTimer(state);
  }

  /** Retry timers armed, for tests and diagnostics: removal must leave none. */
  armedTimers(connectionId: string): number {
    return this.connections.get(connectionId)?.timer ? 1 : 0;
  }

  /** A removed connection: no timer, no pass, no state left behind. */
  private drop(connectionId: string): void {
    const state = this.connections.get(connectionId);
    if (!state) return;
    this.cancelTimer(state);
    state.passAbort?.abort();
    this.connections.delete(connectionId);
  }

  /** The client's own waits (its limiter's hold, a retry's sleep) end now too. */
  private async releaseClientWaits(connectionId: string): Promise<void> {
    const connection = this.ctx.connections.get(connectionId);
    if (!connection) return;
    // No client without a token: then there is nothing to release, and the
    // pass reports the missing token itself.
    const client = await this.ctx.clients.get(connection).catch(() => null);
    client?.retryNow();
  }

  private state(connectionId: string): Connection {
    let state = this.connections.get(connectionId);
    if (!state) {
      state = {
        ...initialState(),
        failures: 0,
        timer: null,
        passAbort: null,
        dirty: false,
        refusedToken: null,
        lastEmitted: '',
      };
      this.connections.set(connectionId, state);
    }
    return state;
  }

  private schedule(connectionId: string, delayMs: number): void {
    // A pass that ends after its connection was removed arms nothing.
    if (this.closed || !this.ctx.connections.get(connectionId)) return;
    const state = this.state(connectionId);
    this.cancelTimer(state);
    // Bounded like every retry wait (an hour at most): a Retry-After of a month
    // would overflow setTimeout, which then fires at once, in a loop.
    const delay = boundedDelay(delayMs);
    state.nextAttemptAt =
      delay > 0 ? new Date(this.ctx.now().getTime() + delay).toISOString() : null;
    state.timer = this.timers.set(() => {
      state.timer = null;
      void this.run(connectionId);
    }, delay);
    this.emitStatus(connectionId);
  }

  private cancelTimer(state: Connection): void {
    if (state.timer) this.timers.clear(state.timer);
    state.timer = null;
    state.nextAttemptAt = null;
  }

  /** One pass at a time: a second call joins the running one (which re-runs while dirty). */
  private run(connectionId: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.ctx.refresher
      .run(`${connectionId}:sync`, (signal) => this.pass(connectionId, signal))
      .catch((error: unknown) => {
        if (!this.ctx.refresher.closed)
          this.ctx.log({ level: 'error', message: 'A sync pass failed', error });
      });
  }

  private async pass(connectionId: string, closing: AbortSignal): Promise<void> {
    const connection = this.ctx.connections.get(connectionId);
    if (!connection) return;
    const state = this.state(connectionId);
    if (state.phase === 'signed-out') return;
    // Ends with the core (closing) or with the connection (drop).
    const controller = new AbortController();
    const onClose = () => controller.abort(closing.reason);
    if (closing.aborted) onClose();
    closing.addEventListener('abort', onClose, { once: true });
    state.passAbort = controller;
    try {
      await this.passFor(connectionId, state, connection, controller.signal);
    } finally {
      closing.removeEventListener('abort', onClose);
      if (state.passAbort === controller) state.passAbort = null;
    }
  }

  private async passFor(
    connectionId: string,
    state: Connection,
    connection: ConnectionRow,
    signal: AbortSignal,
  ): Promise<void> {
    this.cancelTimer(state);
    state.phase = 'syncing';
    this.emitStatus(connectionId);
    // The token this pass goes out with, as far as we know: a 401 marks it refused.
    const token = await this.ctx.secrets.get(connectionId);
    const scope: PushScope = { ctx: this.ctx, connection, signal, units: new Map(), pushed: 0 };
    const tries = new Map<number, number>();
    try {
      for (;;) {
        state.dirty = false;
        const heads = this.ctx.outbox.heads(connectionId).filter((op) => op.state === 'pending');
        // A guard against a bug looping on one operation: each is tried a few times per pass at most.
        const fresh = heads.filter((op) => (tries.get(op.seq) ?? 0) < 3);
        if (fresh.length === 0 && !state.dirty) {
          if (heads.length > 0) {
            this.ctx.log({
              level: 'warn',
              message: `Sync left ${heads.length} well(s) pending after repeated tries`,
            });
          }
          break;
        }
        for (const head of fresh) {
          tries.set(head.seq, (tries.get(head.seq) ?? 0) + 1);
          await pushWellHead(scope, head.wellId);
        }
      }
      // Well events travel beside the outbox, each a whole document (well-events/event-sync.ts).
      await pushWellEvents(scope);
      state.failures = 0;
      state.phase = 'idle';
      state.lastError = null;
    } catch (error) {
      const failure = error instanceof PassStop ? error.failure : null;
      this.stopped(connectionId, state, failure, error, token);
    } finally {
      if (scope.pushed > 0) state.lastSyncAt = recordSync(this.ctx, connectionId, scope.pushed);
      this.emitStatus(connectionId);
    }
  }

  private stopped(
    connectionId: string,
    state: Connection,
    failure: Failure | null,
    error: unknown,
    token: string | null,
  ): void {
    if (failure === null) {
      this.ctx.log({ level: 'error', message: 'Unexpected failure while syncing', error });
      failure = UNEXPECTED;
    }
    if (failure.kind === 'aborted') {
      state.phase = 'idle';
      return;
    }
    state.lastError = failure.error;
    if (failure.kind === 'signed-out') {
      state.phase = 'signed-out';
      state.refusedToken = token;
      // The next client is built from the secret store, whatever token this one had.
      this.ctx.clients.forget(connectionId);
      return;
    }
    state.phase = failure.kind === 'offline' ? 'offline' : 'waiting';
    const delay =
      failure.kind === 'later' && failure.retryAfterMs !== undefined
        ? failure.retryAfterMs
        : backoffMs(
            state.failures,
            this.tuning.baseDelayMs,
            this.tuning.maxDelayMs,
            this.tuning.random ?? Math.random,
          );
    state.failures++;
    this.schedule(connectionId, delay);
  }

  /** A 401 pause ends when the connection's token is not the one refused any more. */
  private async resumeIfTokenReplaced(connectionId: string): Promise<void> {
    const state = this.state(connectionId);
    const token = await this.ctx.secrets.get(connectionId);
    if (state.phase !== 'signed-out' || token === null || token === state.refusedToken) return;
    this.endPause(state);
    this.ctx.clients.forget(connectionId); // the next client is built with the new token
  }

  private endPause(state: Connection): void {
    state.phase = 'idle';
    state.refusedToken = null;
    state.lastError = null;
    state.failures = 0;
  }

  private emitStatus(connectionId: string): void {
    if (this.closed || !this.ctx.connections.get(connectionId)) return;
    const state = this.state(connectionId);
    const status = this.status(connectionId);
    const text = JSON.stringify(status);
    if (text === state.lastEmitted) return;
    state.lastEmitted = text;
    this.ctx.events.emit('sync-status-changed', status);
  }
}
