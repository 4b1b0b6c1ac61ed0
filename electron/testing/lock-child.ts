import { acquireDataFolderLock } from '#electron/common/data-folder-lock.js';

/**
 * One process trying to take a data folder (data-folder-lock.test.ts):
 * `node --import tsx lock-child.ts <dir>` prints `{"ok":…,"message":…}` and,
 * if it got the lock, holds it until its stdin closes.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: lock-child.ts <data dir>');
const result = acquireDataFolderLock(dir, 'browser');
process.stdout.write(
  `${JSON.stringify({ ok: result.ok, message: result.ok ? null : result.message })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
