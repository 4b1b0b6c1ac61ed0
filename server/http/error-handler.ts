import { SqliteError } from 'better-sqlite3';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError, storeUnavailableApiError } from '../store/store-unavailable.js';
import { ApiError } from './api-error.js';

const BODY_LIMIT_MIB = 8;

/** Maps every error, ours or the framework's, to the one error envelope. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as FastifyError | undefined)?.code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${BODY_LIMIT_MIB} MiB`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON with Content-Type: application/json',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('VALIDATION_ERROR', 'The request body is empty; send a JSON object', [
        { path: 'body', message: 'must be a JSON object' },
      ]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(
        'VALIDATION_ERROR',
        `Malformed request body: ${(error as Error).message}`,
        [{ path: 'body', message: 'is not valid JSON' }],
      );
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return new ApiError(
      'VALIDATION_ERROR',
      `Malformed JSON in the request body: ${error.message}`,
      [{ path: 'body', message: 'is not valid JSON' }],
    );
  }
  if (error instanceof StoreUnavailableError) return storeUnavailableApiError();
  if (
    error instanceof SqliteError &&
    /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY)/.test(error.code)
  ) {
    return new ApiError(
      'UNAVAILABLE',
      'Storage is busy or unavailable; try again shortly',
      undefined,
      {
        'Retry-After': '2',
      },
    );
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status === 400) return new ApiError('VALIDATION_ERROR', 'The request could not be read');
  if (status === 404) return new ApiError('NOT_FOUND', 'Not found');
  return new ApiError(
    'INTERNAL_ERROR',
    'An unexpected error occurred; quote the request id when reporting it',
  );
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (error.code === 'UNAUTHORIZED') reply.header('WWW-Authenticate', 'Bearer realm="flowline"');
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({
      error: {
        code: error.code,
        message: error.message,
        requestId: request.id,
        ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
      },
    });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.code === 'INTERNAL_ERROR' || apiError.code === 'UNAVAILABLE') {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(request, reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, noResourceAt(request)));
}

/** The 404 for a path no route matches, naming the path as the client sent it. */
export function noResourceAt(request: FastifyRequest): ApiError {
  return new ApiError('NOT_FOUND', `No resource at ${request.method} ${request.url.split('?')[0]}`);
}
