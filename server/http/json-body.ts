import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { jsonShapeProblem } from './json-shape.js';

/**
 * application/json bodies as Fastify parses them (prototype poisoning refused), but
 * only after a linear scan of the text has found a shape this API can have; anything
 * else is refused naming the limit, before a single object is built: too many values
 * is a 413 like any body too large, too deep or too many member names a 400.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const problem = jsonShapeProblem(text);
    if (problem?.tooLarge) {
      const message = `The request body ${problem.reason}; send it in several requests`;
      done(new ApiError('PAYLOAD_TOO_LARGE', message), undefined);
      return;
    }
    if (problem) {
      done(
        new ApiError('VALIDATION_ERROR', `The request body ${problem.reason}`, [
          { path: 'body', message: problem.reason },
        ]),
        undefined,
      );
      return;
    }
    // Fastify's default parser is the callback kind: it answers through `done` and returns
    // undefined. Its type is the union of the callback and promise kinds, hence the `void`.
    void parse(request, text, done);
  });
}
