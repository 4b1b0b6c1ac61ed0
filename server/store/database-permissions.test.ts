/**
 * The server database holds token hashes and every user's data: its files are the
 * owner's alone (0600), whatever the umask of the process that creates them, and a
 * database left readable by others is tightened when it is opened.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToken } from '../auth/token-store.js';
import { openDatabase } from './database.js';

const permissions = (file: string) => statSync(file).mode & 0o777;

describe('database file permissions', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-perm-'));
    dirs.push(dir);
    return dir;
  };
  let umask: number | undefined;
  afterEach(() => {
    if (umask !== undefined) process.umask(umask);
    umask = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the database, its -wal and its -shm readable and writable by the owner only, even under umask 000', async () => {
    umask = process.umask(0o000);
    const file = join(tempDir(), 'nested', 'server.db');
    const db = openDatabase(file);
    try {
      createToken(db, { user: 'alice', scopes: ['read:projects'] });
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(permissions(path).toString(8), path).toBe('600');
      }
      expect(permissions(join(file, '..')).toString(8)).toBe('700');
    } finally {
      db.close();
    }
  });

  it('tightens an existing database file that others could read', () => {
    const file = join(tempDir(), 'server.db');
    openDatabase(file).close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o666);
    const db = openDatabase(file);
    try {
      expect(permissions(file).toString(8)).toBe('600');
      expect(permissions(`${file}-wal`).toString(8)).toBe('600');
    } finally {
      db.close();
    }
  });
});
