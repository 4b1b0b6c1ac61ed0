import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Files that hold an organisation's data (the cache, its WAL) or tokens are for
 * the person's own account only: 0600, the folder 0700. SQLite gives a
 * database's -wal and -shm the mode of the database file, so creating that file
 * ourselves, owner-only, before SQLite opens it covers all three. Modes are
 * POSIX; on Windows the profile folder's ACL does this job and chmod is a no-op.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

/** Creates the folder (and its parents) owner-only; an existing folder is left as it is. */
export function ensureOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

/**
 * Makes sure the database file exists owner-only before SQLite creates it with
 * the umask's mode; tightens one an older version left readable to others.
 */
export function prepareOwnerOnlyDatabase(file: string): void {
  if (existsSync(file)) {
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) chmodSync(file + suffix, OWNER_ONLY_FILE);
    }
    return;
  }
  // 'a': creates if missing, never truncates (another opener may have just created it).
  closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
  chmodSync(file, OWNER_ONLY_FILE); // exactly 0600, whatever the umask took off
}
