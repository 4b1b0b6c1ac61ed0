import { DEFAULT_RATE_LIMITER, type LimiterState } from '#shared/client/index.js';

/**
 * Time left of a download, from two views, taking the slower:
 * - throughput: requests left × wall time per answered request so far
 *   (concurrency and the server's speed included);
 * - the plan's rate, when the server advertised it (X-RateLimit-Limit): the
 *   requests beyond what is left of the burst (X-RateLimit-Remaining) cannot go
 *   faster than `limit` per minute, however fast the first ones went. Without
 *   this, an estimate made during the burst promises seconds for minutes of work.
 *   The client's limiter starts pacing (a little under the advertised rate)
 *   before the burst is quite spent, so that is the pace counted here.
 * A hold after a 429 (Retry-After) is a floor.
 */
export interface EtaInput {
  requestsLeft: number;
  /** null before the first request of the run was answered. */
  msPerRequest: number | null;
  limiter: LimiterState | null;
  /** On the limiter's clock (Date.now). */
  now: number;
}

export function estimateRemainingMs(input: EtaInput): number | null {
  const { requestsLeft, msPerRequest, limiter, now } = input;
  if (requestsLeft <= 0) return 0;
  const hold = limiter ? Math.max(0, limiter.blockedUntil - now) : 0;
  const byRate =
    limiter?.limit === undefined ? 0 : paceBoundMs(requestsLeft, limiter.limit, limiter.remaining);
  if (msPerRequest === null) {
    // Nothing measured yet: only a rate-bound figure means something.
    return byRate > 0 || hold > 0 ? Math.round(Math.max(hold, byRate)) : null;
  }
  return Math.round(Math.max(hold, byRate, requestsLeft * msPerRequest));
}

/** As AdaptiveRateLimiter paces: at `limit` per minute (with its margin) once Remaining is low. */
function paceBoundMs(requestsLeft: number, limit: number, remaining = 0): number {
  const { lowRemainingFraction, paceMargin } = DEFAULT_RATE_LIMITER;
  const low = Math.max(1, Math.floor(limit * lowRemainingFraction));
  const unpaced = Math.max(0, remaining - low);
  return (Math.max(0, requestsLeft - unpaced) * 60_000 * paceMargin) / limit;
}
