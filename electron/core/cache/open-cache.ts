import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { CACHE_MIGRATIONS, type Migration } from './migrations/index.js';
import { CACHE_APPLICATION_ID, MIGRATIONS_TABLE, migrate, type CacheDb } from './migrate.js';
import { sqliteBindingOptions } from './native-binding.js';

/**
 * Opens the cache file, first making sure it is ours and readable. A file that
 * is not SQLite, is damaged, belongs to another application or to a newer
 * Flowline is never used: it is renamed aside (kept, not deleted: it may hold
 * unsynced edits someone can still rescue) and a fresh cache is created, to be
 * filled again from the server.
 */

export interface MovedAside {
  /** Where the unusable file now is. */
  movedTo: string;
  /** Why it was not used, in words for the user and the log. */
  reason: string;
}

export interface CacheOpenReport {
  file: string;
  movedAside: MovedAside | null;
}

type Verdict = { usable: true } | { usable: false; reason: string };

const UNREADABLE_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CANTOPEN']);

/** Looks at an existing file without changing it. */
export function inspectCacheFile(file: string, migrations: readonly Migration[]): Verdict {
  let db: CacheDb | undefined;
  try {
    // Read-only: looking must not checkpoint or delete a WAL that may hold someone's edits.
    db = new Database(file, { ...sqliteBindingOptions(), readonly: true, fileMustExist: true });
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    if (applicationId !== CACHE_APPLICATION_ID) {
      // A brand-new file (crash before the first migration) has no tables: ours to fill.
      if (applicationId === 0 && tables.length === 0) return { usable: true };
      const listed = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
      return {
        usable: false,
        reason: `it is a SQLite database of another application (application_id ${applicationId}${tables.length > 0 ? `; tables ${listed}` : ''})`,
      };
    }
    if (tables.includes(MIGRATIONS_TABLE)) {
      const newest = db.prepare(`SELECT MAX(id) FROM ${MIGRATIONS_TABLE}`).pluck().get() as
        number | null;
      const known = Math.max(0, ...migrations.map((migration) => migration.id));
      if (newest !== null && newest > known) {
        return {
          usable: false,
          reason: `it was written by a newer version of Flowline (cache schema ${newest}; this version knows ${known})`,
        };
      }
    }
    const check = db.pragma('quick_check(1)', { simple: true }) as string;
    if (check !== 'ok') return { usable: false, reason: `it is damaged (${check})` };
    return { usable: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && UNREADABLE_CODES.has(code)) {
      return {
        usable: false,
        reason: `it is not a readable SQLite database (${code}: ${(error as Error).message})`,
      };
    }
    throw error;
  } finally {
    db?.close();
  }
}

/** `cache.db` → `cache.db.unusable-2026-03-01T10-00-00-000Z`, its -wal and -shm alongside. */
function moveAside(file: string, at: Date): string {
  const target = `${file}.unusable-${at.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, target);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/**
 * synchronous=FULL: an edit the core has acknowledged survives a power cut.
 * WAL: readers never wait for the writer. foreign_keys: the cascades above.
 */
function configure(db: CacheDb): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if ((db.pragma('application_id', { simple: true }) as number) === 0) {
    db.pragma(`application_id = ${CACHE_APPLICATION_ID}`);
  }
}

export function openCache(
  file: string,
  options: { now?: () => Date; migrations?: readonly Migration[] } = {},
): { db: CacheDb; report: CacheOpenReport } {
  const now = options.now ?? (() => new Date());
  const migrations = options.migrations ?? CACHE_MIGRATIONS;
  mkdirSync(dirname(file), { recursive: true });
  let movedAside: MovedAside | null = null;
  if (existsSync(file)) {
    const verdict = inspectCacheFile(file, migrations);
    if (!verdict.usable) {
      const movedTo = moveAside(file, now());
      movedAside = {
        movedTo,
        reason: `The offline cache ${file} could not be used because ${verdict.reason}. It was moved to ${movedTo} and a new, empty cache was created; it fills again from the server.`,
      };
    }
  }
  const db = new Database(file, sqliteBindingOptions());
  try {
    configure(db);
    migrate(db, migrations, now);
    if (movedAside) {
      db.prepare(
        "INSERT INTO sync_log (connection_id, at, kind, message) VALUES (NULL, ?, 'cache-moved-aside', ?)",
      ).run(now().toISOString(), movedAside.reason);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return { db, report: { file, movedAside } };
}
