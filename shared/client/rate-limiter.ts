import { ApiCallError, CLIENT_ERROR_CODES, throwIfAborted } from './api-call-error.js';
import { boundedDelay } from './retry-policy.js';
import { sleepUnlessWoken, Wakeup } from './wakeup.js';

/**
 * One limiter per ApiClient, in front of every request (retries included), so
 * bulk work (offline download, sync of thousands of edits) slows down by
 * itself instead of hammering the server into 429s.
 *
 * It knows three things, all learnt from responses:
 * - a hold: after a 429 nothing starts until Retry-After has passed;
 * - a ramp: after a 429, requests start spaced out, and every success shrinks
 *   the spacing again (multiplicatively) until requests flow freely;
 * - a pace: when X-RateLimit-Remaining (an extension; used only when sent) is
 *   low, requests are spaced at the advertised per-minute rate.
 * Start times are handed out as reservations, so N waiters wake N times, not N².
 */

export interface RateLimiterOptions {
  /** Pace once Remaining is at or below this fraction of the per-minute limit. */
  lowRemainingFraction: number;
  /** Paced requests go this much slower than advertised, so timing jitter does not earn a 429. */
  paceMargin: number;
  /** Spacing right after a 429 when the server advertises no rate. */
  initialRampMs: number;
  /** Each success multiplies the post-429 spacing by this (the ramp back up). */
  rampDecay: number;
  maxRampMs: number;
  /** Hold after a 429 that has no usable Retry-After. */
  defaultHoldMs: number;
}

export const DEFAULT_RATE_LIMITER: RateLimiterOptions = {
  lowRemainingFraction: 0.1,
  paceMargin: 1.05,
  initialRampMs: 1000,
  rampDecay: 0.8,
  maxRampMs: 60_000,
  defaultHoldMs: 1000,
};

export interface LimiterClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What one response told us; `sentAt` is the value `acquire` returned for it. */
export interface LimiterObservation {
  status: number;
  sentAt: number;
  retryAfterMs?: number;
  /** X-RateLimit-Limit, requests per minute. */
  limit?: number;
  /** X-RateLimit-Remaining. */
  remaining?: number;
}

export interface LimiterState {
  blockedUntil: number;
  spacingMs: number;
  rampMs: number;
  limit?: number;
  remaining?: number;
}

/** Below this the ramp is over: spacing of a few ms is noise, not protection. */
const RAMP_FLOOR_MS = 10;

export class AdaptiveRateLimiter {
  private readonly options: RateLimiterOptions;
  private readonly wakeup = new Wakeup();
  private blockedUntil = 0;
  private nextSlotAt = 0;
  private rampMs = 0;
  /** When the last 429 that taught us something arrived. */
  private lastThrottleAt = -Infinity;
  private limit?: number;
  private remaining?: number;

  constructor(
    private readonly clock: LimiterClock,
    options: Partial<RateLimiterOptions> = {},
  ) {
    this.options = { ...DEFAULT_RATE_LIMITER, ...options };
  }

  /**
   * Waits for this request's turn; resolves with its start time (pass it back
   * as `sentAt`). A hold after a 429 longer than `maxHoldMs` is not waited
   * out: the request fails at once with RATE_LIMIT_HOLD, so a read or a sync
   * pass answers now instead of hanging until the server's pause ends.
   */
  async acquire(signal?: AbortSignal, maxHoldMs = Infinity): Promise<number> {
    for (;;) {
      throwIfAborted(signal);
      const now = this.clock.now();
      if (this.blockedUntil - now > maxHoldMs) throw this.holdError(now);
      const slot = Math.max(now, this.blockedUntil, this.nextSlotAt);
      this.nextSlotAt = slot + this.spacingMs();
      // Woken by release(): queue again, so the waiters go out spaced, not all at once.
      if (slot > now && (await sleepUnlessWoken(this.clock.sleep, slot - now, signal, this.wakeup)))
        continue;
      const start = this.clock.now();
      // A 429 that arrived while we waited moves everyone behind the new hold.
      if (start >= this.blockedUntil) return start;
    }
  }

  /**
   * Someone asked to try now (an explicit "Sync now"): the hold and the queue
   * of reserved slots are dropped and every waiter re-queues at once. The ramp
   * stays, so the requests that follow are still spaced.
   */
  release(): void {
    this.blockedUntil = 0;
    this.nextSlotAt = 0;
    this.wakeup.fire();
  }

  observe(observation: LimiterObservation): void {
    if (observation.limit !== undefined && observation.limit > 0) this.limit = observation.limit;
    if (observation.remaining !== undefined) this.remaining = observation.remaining;
    if (observation.status === 429) {
      this.throttled(observation);
    } else if (this.rampMs > 0) {
      this.rampMs *= this.options.rampDecay;
      if (this.rampMs < RAMP_FLOOR_MS) this.rampMs = 0;
    }
  }

  state(): LimiterState {
    return {
      blockedUntil: this.blockedUntil,
      spacingMs: this.spacingMs(),
      rampMs: this.rampMs,
      ...(this.limit === undefined ? {} : { limit: this.limit }),
      ...(this.remaining === undefined ? {} : { remaining: this.remaining }),
    };
  }

  private throttled(observation: LimiterObservation): void {
    const now = this.clock.now();
    const hold = boundedDelay(observation.retryAfterMs ?? this.options.defaultHoldMs);
    this.blockedUntil = Math.max(this.blockedUntil, now + hold);
    // A burst sent before we knew comes back as many 429s at once: only a request
    // sent after the last 429 shows that our spacing is still too tight.
    if (observation.sentAt <= this.lastThrottleAt) return;
    this.lastThrottleAt = now;
    const start = this.advertisedIntervalMs() ?? this.options.initialRampMs;
    this.rampMs = Math.min(this.options.maxRampMs, Math.max(start, this.rampMs * 2));
  }

  private holdError(now: number): ApiCallError {
    const retryAfterMs = boundedDelay(this.blockedUntil - now);
    return new ApiCallError({
      status: 429,
      code: CLIENT_ERROR_CODES.RATE_LIMIT_HOLD,
      message: `Not sent: the server asked for no requests until ${new Date(this.blockedUntil).toISOString()} (Retry-After).`,
      retryAfterMs,
    });
  }

  private spacingMs(): number {
    return Math.max(this.rampMs, this.paceMs());
  }

  /** Spacing at the advertised rate while the server says the budget is nearly spent. */
  private paceMs(): number {
    const interval = this.advertisedIntervalMs();
    if (interval === undefined || this.limit === undefined || this.remaining === undefined)
      return 0;
    const low = Math.max(1, Math.floor(this.limit * this.options.lowRemainingFraction));
    return this.remaining <= low ? interval : 0;
  }

  private advertisedIntervalMs(): number | undefined {
    return this.limit === undefined ? undefined : (60_000 / this.limit) * this.options.paceMargin;
  }
}

/** Reads a non-negative integer header (X-RateLimit-*), or undefined. */
export function readCountHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}
