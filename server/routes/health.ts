import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { Db } from '../store/database.js';

/** Liveness and storage check for load balancers and the desktop host (no token needed). */
export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  const probe = db.prepare('SELECT 1');
  app.get('/healthz', { config: { public: true } }, async () => {
    try {
      probe.get();
    } catch {
      throw new ApiError('UNAVAILABLE', 'Storage is unavailable', undefined, {
        'Retry-After': '5',
      });
    }
    return { status: 'ok' };
  });
}
