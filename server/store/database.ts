import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyMigrations } from '#shared-node/sqlite/migrations.js';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the server database and brings its schema up to date.
 * WAL lets the CLI issue tokens while a server runs; synchronous=FULL makes every
 * acknowledged write survive a power cut; busy_timeout rides out the other writer.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  if (file !== ':memory:') prepareOwnerOnlyFiles(file);
  const db = new Database(file, sqliteBindingOptions(process.env));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Read and write for the owner only: the files hold token hashes and every user's data. */
const OWNER_ONLY = 0o600;

/**
 * Creates the database file (and any missing folder, 0700) with the owner-only mode
 * before SQLite opens it, since SQLite creates files 0644 less the umask; SQLite then
 * gives the -wal and -shm it creates the database file's mode. chmod is applied after
 * creating, so the umask cannot loosen (or oddly tighten) it. Files this user owns that
 * others may read, left by an older version, are tightened too; another user's files
 * are left alone (changing them is not ours to do, and would fail).
 */
function prepareOwnerOnlyFiles(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) {
    closeSync(openSync(file, 'a', OWNER_ONLY));
    chmodSync(file, OWNER_ONLY);
  }
  const uid = process.getuid?.();
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.uid === uid && (stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  }
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  applyMigrations(db, migrations, { table: 'schema_migrations' });
}

/** A value kept in the meta table, created by `make` the first time it is asked for. */
export function metaValue(db: Db, key: string, make: () => string): string {
  const existing = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as
    string | undefined;
  if (existing !== undefined) return existing;
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(key, make());
  return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string;
}
