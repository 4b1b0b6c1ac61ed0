import { CLIENT_ERROR_CODES, isAbortError, isApiCallError } from '#shared/client/index.js';
import type { CoreError } from '#shared/desktop/index.js';
import { fromApiError, isOfflineError } from '../core-errors.js';

/**
 * What a failed well means for the rest of the download. The client has
 * already retried network errors, 429s and 5xx by the time this is asked.
 *
 * - stop: the next well would fail the same way (offline, the token refused
 *   or short of a scope, cancelled). Stopping keeps what was cached; a re-run
 *   resumes from the coverage.
 * - retry: the rate limit outlasted the client's retries. Not the well's
 *   fault: wait as told and try it again, a few times.
 * - skip: this well only (deleted on the server, refused, a server failure on
 *   it, an answer that breaks the contract): recorded, and the download goes on.
 */
export type FailureVerdict =
  | { kind: 'stop' }
  | { kind: 'retry'; afterMs: number }
  | { kind: 'skip'; error: CoreError; gone: boolean };

/** Waits for the rate limit, per well, before the well is reported as failed. */
export const MAX_RATE_LIMIT_RETRIES = 5;
const DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;

export function judgeWellFailure(error: unknown, rateLimitRetries: number): FailureVerdict {
  if (isAbortError(error) || isOfflineError(error) || !isApiCallError(error))
    return { kind: 'stop' };
  if (error.status === 401 || error.status === 403) return { kind: 'stop' };
  if (error.status === 429 && rateLimitRetries < MAX_RATE_LIMIT_RETRIES) {
    return { kind: 'retry', afterMs: error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS };
  }
  const gone = error.status === 404 && error.code !== CLIENT_ERROR_CODES.INVALID_RESPONSE;
  return { kind: 'skip', error: fromApiError(error), gone };
}

/**
 * Many wells failing in a row is no longer about wells: the server is down
 * for this project (5xx), or the project itself is gone (every well 404s).
 */
export class FailureStreak {
  private failures = 0;
  private gone = 0;

  /** True when the download should stop (failures) or check the project (gone). */
  record(verdict: { kind: 'skip'; gone: boolean } | { kind: 'ok' }): 'go-on' | 'stop' | 'check' {
    if (verdict.kind === 'ok') {
      this.failures = this.gone = 0;
      return 'go-on';
    }
    if (verdict.gone) {
      this.gone++;
      if (this.gone >= GONE_BEFORE_CHECK) {
        this.gone = 0;
        return 'check';
      }
      return 'go-on';
    }
    this.failures++;
    return this.failures >= FAILURES_BEFORE_STOP ? 'stop' : 'go-on';
  }
}

const FAILURES_BEFORE_STOP = 5;
const GONE_BEFORE_CHECK = 3;
