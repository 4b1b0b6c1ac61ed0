import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * An answer given before the request's body was read (a 401, 404 or 429 from the
 * onRequest hooks, a refusal before a CSV stream is read) closes the connection.
 * Keeping it alive would mean reading and throwing away the rest of the body, as
 * much as the client cares to send; and a body that never ends would earn a stray
 * 408 after the answer once the request timeout runs out.
 */
export function installCloseAfterUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (hasUnreadBody(request)) reply.header('Connection', 'close');
    return payload;
  });
}

function hasUnreadBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  const announced =
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  // `complete` is node:http's "the whole message has arrived" (absent under inject).
  return announced && request.raw.complete === false;
}
