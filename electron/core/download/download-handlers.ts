import type { CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { DownloadManager } from './download-manager.js';

/** offline-download-start, -cancel and -status ("Make available offline"). */
export function downloadHandlers(ctx: CoreContext) {
  const downloads = new DownloadManager(ctx);
  return defineHandlers(
    {
      'offline-download-start': (args) => downloads.start(args),
      'offline-download-cancel': (args) => downloads.cancel(args),
      'offline-download-status': (args) => downloads.status(args),
    },
    ctx.log,
  );
}
