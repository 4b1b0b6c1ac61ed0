import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.js';
import { storeUnavailableApiError } from '../store/store-unavailable.js';

/** Liveness and storage check for load balancers and the desktop host (no token needed). */
export function registerHealthRoute(app: FastifyInstance, store: Store): void {
  app.get('/healthz', { config: { public: true } }, async () => {
    try {
      await store.ping();
    } catch {
      throw storeUnavailableApiError();
    }
    return { status: 'ok' };
  });
}
