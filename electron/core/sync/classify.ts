import {
  CLIENT_ERROR_CODES,
  isAbortError,
  isApiCallError,
  type ApiCallError,
} from '#shared/client/index.js';
import { isCoreError, type IpcError } from '#shared/desktop/index.js';
import { fromApiError } from '../core-errors.js';

/**
 * What a failed push means for the queue. The first three stop the whole pass
 * and leave the operations pending; the last two settle the operations:
 * - offline: nothing answered (refused, reset, timeout): probe with backoff;
 * - later: the server is there but cannot take it now (429, 5xx, an answer
 *   that is not the API, e.g. a proxy's HTML page): wait, then try again;
 * - signed-out: 401 (or no token): nothing is retried until the token changes;
 * - gone: 404, the well or project no longer exists: the well's operations fail;
 * - rejected: the server refused these values or this token (400, 403, 409,
 *   413, …): the operation fails with the server's message.
 */
export type Failure =
  | { kind: 'offline'; error: IpcError }
  | { kind: 'later'; error: IpcError; retryAfterMs?: number }
  | { kind: 'signed-out'; error: IpcError }
  | { kind: 'gone'; error: IpcError }
  | { kind: 'rejected'; error: IpcError; api?: ApiCallError }
  | { kind: 'aborted' };

export function classify(error: unknown): Failure {
  if (isAbortError(error)) return { kind: 'aborted' };
  if (isCoreError(error)) {
    // From the core's own helpers: a missing token, a project or well found gone.
    if (error.type === 'unauthorized') return { kind: 'signed-out', error: error.toJSON() };
    if (error.type === 'not-found') return { kind: 'gone', error: error.toJSON() };
    if (error.type === 'offline') return { kind: 'offline', error: error.toJSON() };
    return { kind: 'later', error: error.toJSON() };
  }
  if (!isApiCallError(error)) return UNEXPECTED;
  const ipc = fromApiError(error).toJSON();
  if (
    error.code === CLIENT_ERROR_CODES.NETWORK_ERROR ||
    error.code === CLIENT_ERROR_CODES.TIMEOUT
  ) {
    return { kind: 'offline', error: ipc };
  }
  if (error.code === CLIENT_ERROR_CODES.INVALID_RESPONSE) return { kind: 'later', error: ipc };
  const { status } = error;
  if (status === 401) return { kind: 'signed-out', error: ipc };
  if (status === 404) return { kind: 'gone', error: ipc };
  if (status === 408 || status === 429 || status >= 500) {
    return error.retryAfterMs === undefined
      ? { kind: 'later', error: ipc }
      : { kind: 'later', error: ipc, retryAfterMs: error.retryAfterMs };
  }
  return { kind: 'rejected', error: ipc, api: error };
}

/** A bug or a SQLite failure: logged where caught, retried later, never lost. */
export const UNEXPECTED: Failure = {
  kind: 'later',
  error: {
    type: 'internal',
    message: 'Something went wrong inside Flowline while syncing; the details are in the log.',
  },
};

/** Thrown out of a push to stop the pass (offline, later, signed-out, aborted). */
export class PassStop extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
    this.name = 'PassStop';
  }
}

export function stopsThePass(failure: Failure): boolean {
  return (
    failure.kind === 'offline' ||
    failure.kind === 'later' ||
    failure.kind === 'signed-out' ||
    failure.kind === 'aborted'
  );
}
