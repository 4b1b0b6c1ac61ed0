import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLANS } from '../auth/scopes.js';
import { ApiError } from '../http/api-error.js';
import { sendError } from '../http/error-handler.js';
import type { RateLimitStore } from '../store/store.js';
import { FailOpenBuckets } from './fail-open-buckets.js';
import type { RateLimit } from './gcra.js';

/**
 * The rate limit as requests see it: counts a request against a key, sets the
 * X-RateLimit-* headers every response carries, and answers 429 when the key's
 * budget is spent. Turned off, it admits everything and sets no headers. Buckets that
 * cannot be written fail open to counting in memory (fail-open-buckets.ts).
 */
export class RequestLimiter {
  private readonly buckets: FailOpenBuckets;

  constructor(
    private readonly enabled: boolean,
    private readonly now: () => Date,
    /** Where the buckets live: this process's memory, or the database all instances share. */
    buckets: RateLimitStore,
  ) {
    this.buckets = new FailOpenBuckets(buckets);
  }

  /** False when over the limit, with the 429 already sent. */
  async admit(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    limit: RateLimit,
  ): Promise<boolean> {
    if (!this.enabled) return true;
    const decision = await this.buckets.take(key, limit, this.now().getTime(), request.log);
    reply.header('X-RateLimit-Limit', String(decision.limit));
    reply.header('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.allowed) return true;
    const retryAfter = String(decision.retryAfterSeconds);
    void sendError(
      request,
      reply,
      new ApiError(
        'RATE_LIMITED',
        `Rate limit exceeded: ${decision.limit} requests per minute; retry after ${retryAfter} s`,
        undefined,
        { 'Retry-After': retryAfter },
      ),
    );
    return false;
  }

  /** Requests without a (valid) token share their client address's Standard-plan budget. */
  admitByAddress(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    return this.admit(request, reply, `address:${request.ip}`, PLANS.standard);
  }
}
