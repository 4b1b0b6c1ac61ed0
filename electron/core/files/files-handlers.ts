import type { CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import type { GrantedFiles } from './granted-files.js';

/** `files-grant`: host-only (its entry in HANDLERS); the page never reaches it. */
export function filesHandlers(ctx: CoreContext, files: GrantedFiles) {
  return defineHandlers(
    {
      'files-grant': (args) => files.grant(args.path),
    },
    ctx.log,
  );
}
