import { z } from 'zod';
import { errorDetailSchema, type ErrorDetail } from '../api/index.js';

/**
 * The one error shape that crosses IPC (docs/architecture.md, "Errors"): plain data
 * that survives structured clone, JSON and server-sent events alike.
 */
export const IPC_ERROR_TYPES = [
  /** The handler's arguments, or the values they carry, break a rule. Nothing was changed. */
  'validation',
  /** No such connection, project, well or handler (or the server says it is gone). */
  'not-found',
  /** The server could not be reached and the cache cannot answer. */
  'offline',
  /** The server refused the token (wrong, expired or revoked): sign in again. */
  'unauthorized',
  /** The token lacks the scope this needs. */
  'forbidden',
  /** The request clashes with existing state (duplicate API number, unsynced changes, …). */
  'conflict',
  /** The server's rate limit; `details.retryAfterMs` says when to try again. */
  'rate-limited',
  /** The server failed, or answered with something that is not the API contract. */
  'server',
  /** A bug or an unexpected failure inside Flowline; the details are in the log, not here. */
  'internal',
  /** This computer could not store it (the disk is full, the cache is read-only). Nothing was saved. */
  'storage',
  /**
   * The host refused the request before any handler ran (the browser host: another origin, a
   * body too large, not JSON); the message says why. Nothing was run. Not `offline`: the host
   * answered.
   */
  'refused',
] as const;
export type IpcErrorType = (typeof IPC_ERROR_TYPES)[number];

export interface IpcErrorDetails {
  /** One entry per problem, each naming the member (`sort.column`, `records[3].watercut`). */
  issues?: ErrorDetail[];
  /** When a server answered: its HTTP status (0: no answer at all), code and request id. */
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
}

export interface IpcError {
  type: IpcErrorType;
  /** A sentence for a person; never a stack trace, never a token. */
  message: string;
  details?: IpcErrorDetails;
}

export const ipcErrorSchema = z.object({
  type: z.enum(IPC_ERROR_TYPES),
  message: z.string(),
  details: z
    .object({
      issues: z.array(errorDetailSchema).optional(),
      status: z.number().int().optional(),
      code: z.string().optional(),
      requestId: z.string().optional(),
      retryAfterMs: z.number().optional(),
    })
    .optional(),
});

/**
 * What a handler rejects with: an Error (so it has a stack in logs and passes
 * lint rules about throwing) that turns into the IPC shape with `toJSON()`.
 * The renderer side can rebuild one from a reply with `CoreError.from`.
 */
export class CoreError extends Error {
  readonly type: IpcErrorType;
  readonly details?: IpcErrorDetails;

  constructor(type: IpcErrorType, message: string, details?: IpcErrorDetails) {
    super(message);
    this.name = 'CoreError';
    this.type = type;
    if (details !== undefined) this.details = details;
  }

  static from(error: IpcError): CoreError {
    return new CoreError(error.type, error.message, error.details);
  }

  toJSON(): IpcError {
    return {
      type: this.type,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export function isCoreError(error: unknown): error is CoreError {
  return error instanceof CoreError;
}

/** How a transport (MessagePort, HTTP) carries one handler's outcome without throwing. */
export type HandlerReply<R> = { ok: true; result: R } | { ok: false; error: IpcError };
