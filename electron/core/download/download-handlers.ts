import type { CoreContext } from '../core-context.js';
import { defineHandler } from '../handler-kit.js';
import { DownloadManager } from './download-manager.js';

/** offline-download-start, -cancel and -status ("Make available offline"). */
export function downloadHandlers(ctx: CoreContext) {
  const downloads = new DownloadManager(ctx);
  return {
    'offline-download-start': defineHandler(
      'offline-download-start',
      (args) => downloads.start(args),
      ctx.log,
    ),
    'offline-download-cancel': defineHandler(
      'offline-download-cancel',
      (args) => downloads.cancel(args),
      ctx.log,
    ),
    'offline-download-status': defineHandler(
      'offline-download-status',
      (args) => downloads.status(args),
      ctx.log,
    ),
  };
}
