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
 * Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * a uniform delay in [0, min(cap, base · 2^retry)). Spreading retries over the
 * whole window is what stops many clients retrying in lock-step.
 * `retry` is 0 for the first retry.
 */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` as delay-seconds or as an HTTP date (RFC 9110 §10.2.3), in
 * milliseconds from `now`; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only try dates that look like one, as Date.parse accepts odd things ("1").
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before the next attempt: the server's Retry-After wins over our backoff. */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  options: RetryOptions,
  random: () => number,
): number {
  return retryAfterMs ?? backoffDelay(retry, options, random);
}
