import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '#shared/api/index.js';

/** An error the API answers with: code, HTTP status, a message a person can act on. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

export function notFound(what: string): ApiError {
  return new ApiError('NOT_FOUND', `${what} not found`);
}

export function validationError(message: string, details?: ErrorDetail[]): ApiError {
  return new ApiError('VALIDATION_ERROR', message, details);
}
