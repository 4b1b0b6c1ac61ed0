import type { FastifyInstance } from 'fastify';
import { CEILING_DAILY, CEILING_MONTHLY } from './paths.js';

/**
 * "Ceiling" routes: the same app, the same auth and route contract hooks, but
 * the body is a string captured from the real route. The gap between a real
 * route and its ceiling is what the route itself costs (SQL, mapping, JSON).
 */
export interface CeilingBodies {
  daily: string;
  monthly: string;
}

/** Registers the routes now (before listen); `bodies` is filled in once the app is ready. */
export function registerCeilingRoutes(app: FastifyInstance, bodies: CeilingBodies): void {
  for (const [url, key] of [
    [CEILING_DAILY, 'daily'],
    [CEILING_MONTHLY, 'monthly'],
  ] as const) {
    // The scope is checked by the same route contract hook as the real route's.
    app.get(url, { config: { scope: 'read:production' } }, async (_request, reply) =>
      // The content type Fastify gives a serialized object, so the bytes on the wire match.
      reply.type('application/json; charset=utf-8').send(bodies[key]),
    );
  }
}

/** Captures each real route's response body through inject (no socket involved). */
export async function captureCeilingBodies(
  app: FastifyInstance,
  token: string,
  paths: { daily: string; monthly: string },
): Promise<CeilingBodies> {
  const get = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200)
      throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.body;
  };
  return { daily: await get(paths.daily), monthly: await get(paths.monthly) };
}
