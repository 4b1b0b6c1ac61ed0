import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitStore } from '../store/store.js';
import { GcraLimiter, type RateDecision, type RateLimit } from './gcra.js';

/** While the shared buckets fail, one request tries them again per this much of the clock. */
export const SHARED_RETRY_MS = 5_000;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * The shared buckets (PostgreSQL's rate_limit_buckets, which every request writes) with a
 * fallback. A bucket write that fails (a full disk, SQLSTATE 53100, or any other store failure)
 * must not fail the request: reads, and /healthz, would go down with the disk although they
 * write nothing themselves. Limiting then fails open to this instance's memory, each instance
 * counting its own requests (so a client may get up to one budget per instance), until a write
 * succeeds again. The switch is logged once each way, not once per request.
 */
export class FailOpenBuckets {
  /** Set while the shared buckets fail; a fresh one each time, with every bucket full. */
  private local: GcraLimiter | null = null;
  private retryAt = 0;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly retryMs = SHARED_RETRY_MS,
  ) {}

  /** True while requests are counted in memory. */
  get failingOpen(): boolean {
    return this.local !== null;
  }

  async take(key: string, limit: RateLimit, now: number, log: Log): Promise<RateDecision> {
    if (this.local !== null) {
      if (now < this.retryAt) return this.local.take(key, limit, now);
      // This request tries the shared buckets; those arriving meanwhile stay in memory.
      this.retryAt = now + this.retryMs;
    }
    let decision: RateDecision;
    try {
      decision = await this.shared.take(key, limit, now);
    } catch (error) {
      if (this.local === null) {
        this.local = new GcraLimiter();
        log.warn(
          { err: error },
          'Rate limiting: the shared rate-limit buckets cannot be written; counting requests in ' +
            "this instance's memory until they can",
        );
      }
      this.retryAt = now + this.retryMs;
      return this.local.take(key, limit, now);
    }
    if (this.local !== null) {
      this.local = null;
      log.info('Rate limiting: the shared rate-limit buckets are written again; counting there');
    }
    return decision;
  }
}
