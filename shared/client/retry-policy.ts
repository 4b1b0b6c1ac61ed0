/**
 * When to try a request again and how long to wait first. Pure functions of
 * their inputs (clock and randomness are passed in) so the policy is tested
 * without timers.
 */

export interface RetryOptions {
  /** Attempts in all, the first one included. 1 disables retries. */
  maxAttempts: number;
  /** Backoff ceiling of the first retry; doubles with every further attempt. */
  baseDelayMs: number;
  /** Upper bound of any backoff delay. */
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not slept through: the error is thrown
   * (carrying retryAfterMs) so the caller can decide, rather than a request
   * hanging for an hour.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
};

/**
 * `idempotent`: repeating the request cannot do harm (GET, PATCH, DELETE and the
 * production upsert). `unsent-only`: a creation, retried only when the request
 * certainly had no effect, or a retry could create a duplicate.
 */
export type RetryMode = 'idempotent' | 'unsent-only';

/** What went wrong with one attempt, as far as retrying cares. */
export type AttemptFailure =
  { kind: 'status'; status: number } | { kind: 'network'; unsent: boolean } | { kind: 'timeout' };

/** Statuses that say "try again later" rather than "this request is wrong". */
const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Statuses our server (docs/api-decisions.md) sends before acting on a request:
 * 429 from the rate limiter, 503 while shutting down or when storage is busy.
 */
const NOT_ACTED_STATUSES = new Set([429, 503]);

export function isRetryable(failure: AttemptFailure, mode: RetryMode): boolean {
  if (mode === 'idempotent') {
    return failure.kind !== 'status' || TRANSIENT_STATUSES.has(failure.status);
  }
  // A creation: a timeout or a reset after sending may have created the resource.
  if (failure.kind === 'status') return NOT_ACTED_STATUSES.has(failure.status);
  return failure.kind === 'network' && failure.unsent;
}

/**
 * Network error codes (Node's undici puts them on `error.cause.code`) that mean
 * no connection was made, so nothing was sent. Browsers give no such detail;
 * there every network error counts as possibly sent, which is the safe side.
 */
const UNSENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export function isCertainlyUnsent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && UNSENT_CODES.has(cause.code);
}

/**
 * The longest any retry waits, whatever a server says or a backoff computes:
 * an hour. A Retry-After of days (a misconfigured proxy, a bug) would otherwise
 * reach setTimeout, which above 2^31−1 ms fires after 1 ms with a
 * TimeoutOverflowWarning, turning "wait a month" into a hot loop. Longer waits
 * than this are better re-asked of the server than slept through.
 */
export const MAX_RETRY_WAIT_MS = 60 * 60_000;

/**
 * Every retry delay, backoff or Retry-After, the client's sleeps and the sync
 * engine's timers, goes through here: a whole number of milliseconds in
 * [0, MAX_RETRY_WAIT_MS], so no timer armed for a retry can overflow. NaN and
 * negatives become 0 (the callers only pass those by mistake).
 */
export function boundedDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(MAX_RETRY_WAIT_MS, Math.ceil(ms));
}

/**
 * Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * a uniform delay in [0, min(cap, base · 2^retry)). Spreading retries over the
 * whole window is what stops many clients retrying in lock-step.
 * `retry` is 0 for the first retry.
 */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.min(retry, 30));
  return boundedDelay(Math.floor(random() * ceiling));
}

/**
 * `Retry-After` (RFC 9110 §10.2.3) in milliseconds, at most MAX_RETRY_WAIT_MS;
 * undefined when absent or unusable, so the caller falls back to its backoff.
 * - delay-seconds: a whole number. A fraction ("1.5", not in the RFC but
 *   sent by some proxies) is accepted and rounded up to the next second, so
 *   we never come back before the server asked.
 * - an HTTP date: measured from the response's own `Date` header when it has
 *   a readable one (the server's clock against the server's clock, immune to
 *   our clock being off), else from `now`. A date already past is unusable:
 *   retrying at once, again and again, is what a backoff is for.
 * - anything else (negative, "soon", "1e3", empty): unusable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
  responseDate?: string | null,
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return boundedDelay(Number(text) * 1000);
  if (/^\d+\.\d+$/.test(text)) return boundedDelay(Math.ceil(Number(text)) * 1000);
  // Only the three HTTP-date forms (RFC 9110 §5.6.7), as Date.parse accepts odd
  // things ("1", "-5"): IMF-fixdate and RFC 850 name their zone (GMT); asctime
  // has none and means GMT, where Date.parse would take local time.
  let at: number;
  if (/^[A-Za-z]{3,9}, /.test(text)) at = Date.parse(text);
  else if (/^[A-Za-z]{3} [A-Za-z]{3} +\d{1,2} \d\d:\d\d:\d\d \d{4}$/.test(text))
    at = Date.parse(`${text} GMT`);
  else return undefined;
  if (Number.isNaN(at)) return undefined;
  const served = responseDate == null ? NaN : Date.parse(responseDate);
  const delay = at - (Number.isNaN(served) ? now : served);
  return delay < 0 ? undefined : boundedDelay(delay);
}

/** The wait before the next attempt: the server's Retry-After wins over our backoff. */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  options: RetryOptions,
  random: () => number,
): number {
  return boundedDelay(retryAfterMs ?? backoffDelay(retry, options, random));
}
