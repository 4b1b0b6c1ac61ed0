import type { ErrorDetail } from '../api/index.js';

/**
 * Codes the client itself produces, beside the server's own (NOT_FOUND, …).
 * Status 0 means no HTTP response was received at all.
 */
export const CLIENT_ERROR_CODES = {
  /** fetch threw: DNS, refused or reset connection, TLS, CORS. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** No complete response within `timeoutMs`. */
  TIMEOUT: 'TIMEOUT',
  /** A response that is not the contract: not JSON, truncated JSON, wrong shape. */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  /**
   * Not sent: an earlier 429 asked for a pause longer than the client sleeps
   * through (`maxRetryAfterMs`). Travels with status 429 and the time left as
   * retryAfterMs, so callers treat it as the server's own 429.
   */
  RATE_LIMIT_HOLD: 'RATE_LIMIT_HOLD',
} as const;

export interface ApiCallErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string;
  details?: ErrorDetail[];
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * Every failure of an API call except a caller's abort: one serialisable shape
 * (docs/architecture.md, "Errors") whether the server answered with its envelope,
 * something else answered, or nothing answered. Named for the call, not the server: the
 * server's own `ApiError` (server/http/api-error.ts) is the answer it sends; this is what
 * the client saw of a call, network failures and timeouts included.
 */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  /** Per-member problems (a server extension; absent from other servers). */
  readonly details?: ErrorDetail[];
  /** How long the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs?: number;

  constructor(init: ApiCallErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiCallError';
    this.status = init.status;
    this.code = init.code;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    if (init.details !== undefined) this.details = init.details;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  /** Plain data for IPC or logs (an Error's own members do not survive structured clone well). */
  toJSON(): ApiCallErrorInit {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

export function isApiCallError(error: unknown): error is ApiCallError {
  return error instanceof ApiCallError;
}

/** True for the error fetch and our sleeps throw when a signal aborts. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/**
 * What a caller's abort surfaces as: the signal's reason when it is already an
 * AbortError (the default reason of `controller.abort()`), else a fresh one, so
 * callers can always test `error.name === 'AbortError'`.
 */
export function abortErrorFrom(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const error = new Error(
    'The operation was aborted',
    reason === undefined ? undefined : { cause: reason },
  );
  error.name = 'AbortError';
  return error;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortErrorFrom(signal);
}
