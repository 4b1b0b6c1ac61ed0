import type { CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import type { Replicator } from './replicator.js';

/** replica-*: the working set kept on this computer (see replicator.ts). */
export function replicaHandlers(ctx: CoreContext, replicator: Replicator) {
  return defineHandlers(
    {
      'replica-open': (args) => replicator.open(args),
      'replica-pin': (args) => replicator.pin(args),
      'replica-pause': (args) => replicator.pause(args),
      'replica-resume': (args) => replicator.resume(args),
      'replica-cancel': (args) => replicator.cancel(args),
      'replica-status': (args) => replicator.status(args),
      'replica-list': (args) => replicator.list(args),
      'replica-remove': (args) => replicator.remove(args),
      'replica-settings-save': (args) => replicator.saveSettings(args),
    },
    ctx.log,
  );
}
