import type { FastifyServerOptions } from 'fastify';

/**
 * Structured request logs that never hold a secret: headers are not logged (and the
 * Authorization and Cookie headers are redacted should a serializer ever add them), and
 * the query string is dropped from the logged URL, because a misbehaving client may put
 * a token there.
 */
export function serverLogOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string; host?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
