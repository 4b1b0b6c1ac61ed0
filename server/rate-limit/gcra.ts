/**
 * Generic cell rate algorithm: a full bucket allows `burst` requests at once and
 * refills at `perMinute / 60` per second. One number per key (the theoretical
 * arrival time) is all the state it needs.
 */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

export type RateDecision =
  | { allowed: true; limit: number; remaining: number }
  | { allowed: false; limit: number; remaining: 0; retryAfterSeconds: number };

export class GcraLimiter {
  private readonly tat = new Map<string, number>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    /** Bounds memory: keys whose bucket is full again are forgotten past this size. */
    private readonly maxKeys = 100_000,
  ) {}

  /** `now` defaults to the limiter's clock; a caller with its own clock passes it. */
  take(key: string, limit: RateLimit, now = this.now()): RateDecision {
    const interval = 60_000 / limit.perMinute;
    const tolerance = interval * limit.burst;
    const tat = Math.max(this.tat.get(key) ?? now, now);
    const next = tat + interval;
    if (next - now > tolerance) {
      const waitMs = next - tolerance - now;
      return {
        allowed: false,
        limit: limit.perMinute,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      };
    }
    this.tat.set(key, next);
    if (this.tat.size > this.maxKeys) this.forgetFullBuckets(now);
    return {
      allowed: true,
      limit: limit.perMinute,
      remaining: Math.floor((tolerance - (next - now)) / interval),
    };
  }

  private forgetFullBuckets(now: number): void {
    for (const [key, tat] of this.tat) if (tat <= now) this.tat.delete(key);
  }
}
