import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { noResourceAt, sendError } from '../http/error-handler.js';
import type { RequestLimiter } from '../rate-limit/request-limiter.js';
import type { Store } from '../store/store.js';
import { PLANS, hasScope, type Principal, type Scope } from './scopes.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers without a token (still rate limited per client address).
     * Routes without it need a valid token.
     */
    public?: boolean;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i;

/**
 * Saying "expired" or "revoked" does not help anyone guess a token: tokens are looked
 * up by their SHA-256, so those verdicts only come back to a caller who sent a real
 * token, secret and all. Everything else that is not a token this server issued,
 * a near miss included, gets the same "not valid". The desktop relies only on the 401
 * (it offers "sign in again"), and the precise verdict spares its user a guess.
 */
const REFUSAL: Record<'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked', string> = {
  missing: 'Authentication required: send Authorization: Bearer <token>',
  malformed: 'The Authorization header must be "Bearer <token>"',
  unknown: 'The token is not valid',
  expired: 'The token has expired; ask for a new one',
  revoked: 'The token has been revoked; ask for a new one',
};

export interface AuthOptions {
  store: Store;
  limiter: RequestLimiter;
  now: () => Date;
}

/**
 * Authenticates and rate-limits every request in onRequest, before its body is
 * read. What a request needs follows the route the router matched (the same decoded
 * path the handler runs for), never the raw URL, so no spelling of a private path
 * can pass for a public one:
 * - a private route needs a valid token, and is limited per token with the account's
 *   plan, or per client address (Standard plan) when the token is missing or bad;
 * - a public route (`config.public`) is limited per client address;
 * - a path no route matches is a 404, limited per client address.
 */
export function installAuthentication(app: FastifyInstance, options: AuthOptions): void {
  const tokens = options.store.tokens;
  const limiter = options.limiter;
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) {
      if (await limiter.admitByAddress(request, reply)) {
        void sendError(request, reply, noResourceAt(request));
      }
      return reply;
    }
    if (request.routeOptions.config.public === true) {
      if (!(await limiter.admitByAddress(request, reply))) return reply;
      return;
    }

    const header = request.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header);
    const lookup = match ? await tokens.verify(match[1] as string, options.now()) : null;
    const principal = lookup?.ok ? lookup.principal : null;
    const admitted = principal
      ? await limiter.admit(request, reply, `token:${principal.tokenId}`, PLANS[principal.plan])
      : await limiter.admitByAddress(request, reply);
    if (!admitted) return reply;

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
