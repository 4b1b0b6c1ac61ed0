import { callServer, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import type { SyncEngine } from './sync-engine.js';

/** sync-now, sync-status and sync-probe. */
export function syncHandlers(ctx: CoreContext, engine: SyncEngine) {
  return defineHandlers(
    {
      /** Resolves when the pass it starts is over, with the status after it. */
      'sync-now': (args) => engine.syncNow(resolveConnection(ctx, args.connectionId).id),
      'sync-status': (args) => engine.status(resolveConnection(ctx, args.connectionId).id),
      /**
       * The smallest real call (one project), so "Online" means the server answered now, not
       * that nothing has failed yet. Whatever the outcome, the answer is the status after it:
       * unreachable, signed out (401) and rate-limited are states, not failures of the probe.
       */
      'sync-probe': async (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        await callServer(ctx, connection, (client) => client.listProjects({ limit: 1 })).catch(
          () => undefined,
        );
        return engine.status(connection.id);
      },
    },
    ctx.log,
  );
}
