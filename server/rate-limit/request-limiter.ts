import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLANS } from '../auth/scopes.js';
import { ApiError } from '../http/api-error.js';
import { sendError } from '../http/error-handler.js';
import { GcraLimiter, type RateLimit } from './gcra.js';

/**
 * The rate limit as requests see it: counts a request against a key, sets the
 * X-RateLimit-* headers every response carries, and answers 429 when the key's
 * budget is spent. Turned off, it admits everything and sets no headers.
 */
export class RequestLimiter {
  private readonly limiter: GcraLimiter;

  constructor(
    private readonly enabled: boolean,
    now: () => Date,
  ) {
    this.limiter = new GcraLimiter(() => now().getTime());
  }

  /** False when over the limit, with the 429 already sent. */
  admit(request: FastifyRequest, reply: FastifyReply, key: string, limit: RateLimit): boolean {
    if (!this.enabled) return true;
    const decision = this.limiter.take(key, limit);
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
  admitByAddress(request: FastifyRequest, reply: FastifyReply): boolean {
    return this.admit(request, reply, `address:${request.ip}`, PLANS.standard);
  }
}
