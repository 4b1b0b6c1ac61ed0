import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './document.js';

/** `GET /api/v1/openapi.json` (no token needed): the document is built once, at start-up. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  const document = JSON.stringify(buildOpenApiDocument());
  app.get('/api/v1/openapi.json', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
}
