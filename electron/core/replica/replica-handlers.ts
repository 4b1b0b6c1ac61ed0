import type { CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import type { Replicator } from './replicator.js';

/** replica-*: the working set kept on this computer (see replicator.ts). */
export function replicaHandlers(ctx: CoreContext, replicator: Replicator) {
  return {
    'replica-open': defineHandler('replica-open', (args) => replicator.open(args), ctx.log),
    'replica-pin': defineHandler('replica-pin', (args) => replicator.pin(args), ctx.log),
    'replica-pause': defineHandler('replica-pause', (args) => replicator.pause(args), ctx.log),
    'replica-resume': defineHandler('replica-resume', (args) => replicator.resume(args), ctx.log),
    'replica-cancel': defineHandler('replica-cancel', (args) => replicator.cancel(args), ctx.log),
    'replica-status': defineHandler('replica-status', (args) => replicator.status(args), ctx.log),
    'replica-list': defineHandler('replica-list', (args) => replicator.list(args), ctx.log),
    'replica-remove': defineHandler('replica-remove', (args) => replicator.remove(args), ctx.log),
    'replica-settings-save': defineHandler(
      'replica-settings-save',
      (args) => replicator.saveSettings(args),
      ctx.log,
    ),
  };
}
