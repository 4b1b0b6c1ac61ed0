import { CoreError } from '#shared/desktop/index.js';

/**
 * Failures of the disk under the cache and the secrets file, in words a person
 * can act on. They are not bugs: nothing was written (SQLite rolls the whole
 * transaction back), and the same action works once space is freed.
 */

export const DISK_FULL_MESSAGE = 'The disk is full: free space and try again.';
export const READ_ONLY_START_MESSAGE =
  'Nothing was saved: the disk was full when Flowline started, so it cannot save changes. Free space on the disk, then restart Flowline.';
/** Raised by the guards of a read-only start (cache/read-only-guards.ts). */
export const READ_ONLY_START_MARK = 'flowline: read-only start';
export const READ_ONLY_CACHE_MESSAGE =
  "Nothing was saved: Flowline's local cache is read-only (the disk was full when Flowline started, or the data folder is write-protected). Free space or make the folder writable, then restart Flowline.";

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * SQLITE_FULL from SQLite (also SQLITE_IOERR_SHMSIZE: the WAL index file could
 * not be given its size, which on a full disk is the first thing to fail),
 * ENOSPC (or a disk quota) from Node's file system calls.
 */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'SQLITE_FULL' ||
    code === 'SQLITE_IOERR_SHMSIZE' ||
    code === 'ENOSPC' ||
    code === 'EDQUOT'
  );
}

function isReadOnlyStartGuard(error: unknown): boolean {
  return (
    codeOf(error)?.startsWith('SQLITE_CONSTRAINT') === true &&
    (error as Error).message === READ_ONLY_START_MARK
  );
}

/** A write to a connection that can only read (SQLITE_READONLY and its extended codes). */
export function isReadOnlyStorage(error: unknown): boolean {
  return codeOf(error)?.startsWith('SQLITE_READONLY') ?? false;
}

/** The storage failure as a CoreError, or null when `error` is something else. */
export function storageError(error: unknown): CoreError | null {
  const code = codeOf(error) ?? undefined;
  if (isDiskFull(error)) return new CoreError('storage', DISK_FULL_MESSAGE, { code });
  if (isReadOnlyStartGuard(error)) {
    return new CoreError('storage', READ_ONLY_START_MESSAGE, { code: 'read-only-start' });
  }
  if (isReadOnlyStorage(error)) return new CoreError('storage', READ_ONLY_CACHE_MESSAGE, { code });
  return null;
}
