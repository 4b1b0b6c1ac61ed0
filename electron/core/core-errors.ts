import { issuesToDetails, summariseDetails } from '#shared/api/index.js';
import {
  CLIENT_ERROR_CODES,
  isApiCallError,
  redactApiCallError,
  redactCredentials,
  type ApiCallError,
} from '#shared/client/index.js';
import { CoreError, isCoreError, type IpcErrorDetails } from '#shared/desktop/index.js';
import type { z } from 'zod';
import { storageError } from './storage-errors.js';

/** Every failure turned into the one IPC error shape (docs/architecture.md, "Errors"). */

/** Something the core logs; `error` may hold a stack, so it never goes to the renderer. */
export interface CoreLogEntry {
  level: 'error' | 'warn' | 'info';
  message: string;
  error?: unknown;
}
export type CoreLogger = (entry: CoreLogEntry) => void;

export const consoleLogger: CoreLogger = (entry) => {
  const line = `[flowline core] ${entry.message}`;
  if (entry.level === 'info') console.info(line);
  else console.error(line, entry.error ?? '');
};

/** Nothing answered, or nothing answered in time: the cache must do. */
export function isOfflineError(error: unknown): error is ApiCallError {
  return isApiCallError(error) && isOfflineCode(error.code);
}

function isOfflineCode(code: string): boolean {
  return code === CLIENT_ERROR_CODES.NETWORK_ERROR || code === CLIENT_ERROR_CODES.TIMEOUT;
}

export function validationError(
  handler: string,
  issues: ReadonlyArray<z.core.$ZodIssue>,
): CoreError {
  // A missing or non-object argument has an empty path, which issuesToDetails calls "body".
  const details = issuesToDetails(issues).map((detail) =>
    detail.path === 'body' ? { ...detail, path: 'arguments' } : detail,
  );
  return new CoreError('validation', summariseDetails(details, `arguments of ${handler}`), {
    issues: details,
  });
}

function apiDetails(error: ApiCallError): IpcErrorDetails {
  return {
    status: error.status,
    code: error.code,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.details === undefined ? {} : { issues: error.details }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}

/**
 * An API failure in words the user can act on; the server's own message
 * follows. The client has scrubbed its token from the server's words already;
 * this second net takes out any `Authorization:`/`Bearer` value left (an
 * ApiCallError made elsewhere, a credential the client never had), as
 * everything from here is shown, stored, logged and exported.
 */
export function fromApiError(raw: ApiCallError): CoreError {
  const error = redactApiCallError(raw, redactCredentials);
  const details = apiDetails(error);
  if (isOfflineCode(error.code)) {
    return new CoreError('offline', `The server could not be reached. ${error.message}`, details);
  }
  if (error.code === CLIENT_ERROR_CODES.INVALID_RESPONSE) {
    return new CoreError(
      'server',
      `The server's answer is not the Production Data API's (HTTP ${error.status}): ${error.message}`,
      details,
    );
  }
  switch (error.status) {
    case 400:
    case 413:
    case 415:
      return new CoreError('validation', error.message, details);
    case 401:
      return new CoreError(
        'unauthorized',
        `The server refused the API token (wrong, expired or revoked): sign in again. ${error.message}`,
        details,
      );
    case 403:
      return new CoreError(
        'forbidden',
        `The API token does not allow this. ${error.message}`,
        details,
      );
    case 404:
      return new CoreError('not-found', error.message, details);
    case 409:
      return new CoreError('conflict', error.message, details);
    case 429:
      return new CoreError(
        'rate-limited',
        `The server's rate limit was reached; try again shortly. ${error.message}`,
        details,
      );
    default:
      return new CoreError(
        'server',
        `The server failed (HTTP ${error.status}): ${error.message}`,
        details,
      );
  }
}

/**
 * Any thrown value as a CoreError. A full disk or a read-only cache says so
 * ("storage"); unknown ones (bugs, other SQLite failures) are logged with
 * their stack and reported only as "internal".
 */
export function toCoreError(error: unknown, handler: string, log: CoreLogger): CoreError {
  if (isCoreError(error)) return error;
  if (isApiCallError(error)) return fromApiError(error);
  const storage = storageError(error);
  if (storage) {
    // Not a bug: the disk, not Flowline. Logged without a stack.
    log({ level: 'warn', message: `${handler}: ${storage.message}` });
    return storage;
  }
  log({ level: 'error', message: `Unexpected failure in ${handler}`, error });
  return new CoreError(
    'internal',
    `Something went wrong inside Flowline while running ${handler}; the details are in the log.`,
  );
}
