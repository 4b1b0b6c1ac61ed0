import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { sendError } from '../http/error-handler.js';
import { GcraLimiter } from '../rate-limit/gcra.js';
import type { Db } from '../store/database.js';
import { PLANS, hasScope, type Principal, type Scope } from './scopes.js';
import { TokenVerifier } from './token-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i;

const REFUSAL: Record<'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked', string> = {
  missing: 'Authentication required: send Authorization: Bearer <token>',
  malformed: 'The Authorization header must be "Bearer <token>"',
  unknown: 'The token is not valid',
  expired: 'The token has expired; ask for a new one',
  revoked: 'The token has been revoked; ask for a new one',
};

export interface AuthOptions {
  db: Db;
  rateLimit: boolean;
  now: () => Date;
  /** Paths that need no token (and are not rate limited). */
  isPublic: (path: string) => boolean;
}

/**
 * Authenticates every API request and rate-limits it: per token with the
 * account's plan, or per client address (Standard plan) when the token is
 * missing or bad, so guessing tokens is limited too.
 */
export function installAuthentication(app: FastifyInstance, options: AuthOptions): void {
  const verifier = new TokenVerifier(options.db);
  const limiter = new GcraLimiter(() => options.now().getTime());
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (options.isPublic(path)) return;
    const header = request.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header);
    const lookup = match ? verifier.verify(match[1] as string, options.now()) : null;
    const principal = lookup?.ok ? lookup.principal : null;

    if (options.rateLimit) {
      const key = principal ? `token:${principal.tokenId}` : `address:${request.ip}`;
      const decision = limiter.take(key, PLANS[principal?.plan ?? 'standard']);
      reply.header('X-RateLimit-Limit', String(decision.limit));
      reply.header('X-RateLimit-Remaining', String(decision.remaining));
      if (!decision.allowed) {
        const retryAfter = String(decision.retryAfterSeconds);
        return sendError(
          request,
          reply,
          new ApiError(
            'RATE_LIMITED',
            `Rate limit exceeded: ${decision.limit} requests per minute; retry after ${retryAfter} s`,
            undefined,
            {
              'Retry-After': retryAfter,
            },
          ),
        );
      }
    }

    if (!principal) {
      const reason =
        header === undefined
          ? 'missing'
          : !match
            ? 'malformed'
            : lookup && !lookup.ok
              ? lookup.reason
              : 'unknown';
      return sendError(request, reply, new ApiError('UNAUTHORIZED', REFUSAL[reason]));
    }
    request.principal = principal;
  });
}

/** The request's principal, after checking it holds `scope` (else 403). */
export function requireScope(request: FastifyRequest, scope: Scope): Principal {
  const principal = request.principal;
  if (!principal) throw new ApiError('UNAUTHORIZED', REFUSAL.missing);
  if (!hasScope(principal, scope)) {
    throw new ApiError('FORBIDDEN', `This token lacks the ${scope} scope needed for this request`);
  }
  return principal;
}
