import type { LimiterState } from '#shared/client/index.js';
import type {
  DownloadState,
  DownloadStatus,
  DownloadWellFailure,
  IpcError,
  OfflineAvailability,
} from '#shared/desktop/index.js';
import { estimateRemainingMs } from './eta.js';

/**
 * The counters of one download run and the `download-progress` events made
 * from them. Counters only grow (done, requestsDone, records), so the progress
 * bar never goes back. Events are throttled: a project of 20,000 wells must not
 * send 20,000 messages over IPC; the state changes (start, well list known,
 * end) are always sent at once.
 */

export interface ProgressDeps {
  emit: (status: DownloadStatus) => void;
  /** Timestamps (the core's clock). */
  now: () => Date;
  /** Minimum time between two events while running. */
  intervalMs: number;
  /**
   * An event at least this often while running, even when nothing arrives: a
   * download held back by the rate limit still counts its estimate down.
   */
  heartbeatMs: number;
}

export function idleStatus(connectionId: string, projectId: string): DownloadStatus {
  return {
    connectionId,
    projectId,
    state: 'idle',
    from: null,
    to: null,
    done: 0,
    total: 0,
    alreadyCached: 0,
    failed: [],
    requestsDone: 0,
    requestsTotal: 0,
    records: 0,
    startedAt: null,
    finishedAt: null,
    etaMs: null,
    rateLimitedUntil: null,
    error: null,
    available: null,
  };
}

export class DownloadProgress {
  private readonly status: DownloadStatus;
  private limiter: () => LimiterState | null = () => null;
  /** performance.now() when the production requests began; their pace drives the ETA. */
  private fetchStartedAt: number | null = null;
  private fetchAnswered = 0;
  private lastEmitAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    base: { connectionId: string; projectId: string; from: string; to: string },
    private readonly deps: ProgressDeps,
  ) {
    this.status = {
      ...idleStatus(base.connectionId, base.projectId),
      state: 'running',
      from: base.from,
      to: base.to,
      startedAt: deps.now().toISOString(),
    };
    this.heartbeat = setInterval(() => {
      if (performance.now() - this.lastEmitAt >= deps.heartbeatMs / 2) this.flush();
    }, deps.heartbeatMs);
    // Neither timer may keep a closing process alive.
    this.heartbeat.unref?.();
  }

  get state(): DownloadState {
    return this.status.state;
  }

  /** The connection's client limiter: the ETA uses what it learnt of the plan. */
  watchLimiter(state: () => LimiterState | null): void {
    this.limiter = state;
  }

  listed(input: {
    total: number;
    alreadyCached: number;
    listingRequests: number;
    plannedRequests: number;
    available: OfflineAvailability;
  }): void {
    const s = this.status;
    s.total = input.total;
    s.done = s.alreadyCached = input.alreadyCached;
    s.requestsDone += input.listingRequests;
    s.requestsTotal = s.requestsDone + input.plannedRequests;
    s.available = { ...input.available };
    this.fetchStartedAt = performance.now();
    this.flush();
  }

  /** More requests than planned (a second pass after a unit-system switch). */
  plan(requests: number): void {
    this.status.requestsTotal += requests;
    this.changed();
  }

  answered(requests: number): void {
    this.status.requestsDone += requests;
    this.fetchAnswered += requests;
    this.changed();
  }

  /** A well's range is now cached; `again` for a second pass over a well already counted. */
  wellFetched(records: number, again = false): void {
    const s = this.status;
    s.records += records;
    if (!again) {
      s.done++;
      if (s.available) s.available.wellsCovered++;
    }
    if (s.available && s.available.fetchedAt === null) {
      s.available.fetchedAt = this.deps.now().toISOString();
    }
    this.changed();
  }

  /** `gone`: the well was removed from the cache (deleted on the server). */
  wellFailed(failure: DownloadWellFailure, gone: boolean): void {
    const s = this.status;
    s.done++;
    s.failed.push(failure);
    if (gone && s.available) s.available.wellsTotal--;
    this.changed();
  }

  finish(
    state: DownloadState,
    error: IpcError | null,
    available: OfflineAvailability | null,
  ): void {
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
    // A finished download needed no more requests than it made (a failed well's later ranges, …).
    if (state === 'done') this.status.requestsTotal = this.status.requestsDone;
    Object.assign(this.status, {
      state,
      error,
      available: available ?? this.status.available,
      finishedAt: this.deps.now().toISOString(),
    });
    this.flush();
  }

  snapshot(): DownloadStatus {
    const s = this.status;
    let etaMs: number | null = null;
    let rateLimitedUntil: string | null = null;
    if (s.state === 'running') {
      const limiter = this.limiter();
      const now = Date.now(); // the limiter's clock
      if (limiter && limiter.blockedUntil > now) {
        rateLimitedUntil = new Date(limiter.blockedUntil).toISOString();
      }
      if (this.fetchStartedAt !== null) {
        etaMs = estimateRemainingMs({
          requestsLeft: s.requestsTotal - s.requestsDone,
          msPerRequest:
            this.fetchAnswered > 0
              ? (performance.now() - this.fetchStartedAt) / this.fetchAnswered
              : null,
          limiter,
          now,
        });
      }
    }
    return {
      ...s,
      failed: s.failed.slice(),
      available: s.available && { ...s.available },
      etaMs,
      rateLimitedUntil,
    };
  }

  /** Sends now (state changes; the first event). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastEmitAt = performance.now();
    this.deps.emit(this.snapshot());
  }

  private changed(): void {
    if (this.timer !== undefined || this.status.state !== 'running') return;
    const wait = this.lastEmitAt + this.deps.intervalMs - performance.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref?.();
  }
}
