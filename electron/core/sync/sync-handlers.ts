import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import type { SyncEngine } from './sync-engine.js';

/** sync-now and sync-status. */
export function syncHandlers(ctx: CoreContext, engine: SyncEngine) {
  return {
    /** Resolves when the pass it starts is over, with the status after it. */
    'sync-now': defineHandler(
      'sync-now',
      (args) => engine.syncNow(resolveConnection(ctx, args.connectionId).id),
      ctx.log,
    ),
    'sync-status': defineHandler(
      'sync-status',
      (args) => engine.status(resolveConnection(ctx, args.connectionId).id),
      ctx.log,
    ),
  };
}
