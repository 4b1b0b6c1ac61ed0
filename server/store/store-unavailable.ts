import { ApiError } from '../http/api-error.js';

/** The database did not answer (down, unreachable, refusing connections): a 503, not a 500. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The database is unavailable: ${reason}`, options);
    this.name = 'StoreUnavailableError';
  }
}

/** How long a client is asked to wait after the database failed to answer. */
export const STORE_RETRY_AFTER_SECONDS = '5';

export function storeUnavailableApiError(): ApiError {
  return new ApiError('UNAVAILABLE', 'Storage is unavailable; try again shortly', undefined, {
    'Retry-After': STORE_RETRY_AFTER_SECONDS,
  });
}
