import type { FastifyInstance } from 'fastify';

/**
 * Route schemas are zod schemas (typed through fastify-type-provider-zod). They drive the
 * OpenAPI document and the handlers' types; requests are validated with them by the route
 * contract hook (`server/routes/route-contract.ts`), in the order the API documents, so
 * Fastify's own per-part validation is a pass-through.
 *
 * Responses are written with JSON.stringify, as before schemas existed: the bytes stay the
 * same (member order is the handlers'), and a large list is not walked a second time by zod.
 */
export function installSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
