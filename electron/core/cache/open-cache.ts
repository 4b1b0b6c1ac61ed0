import Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { CACHE_MIGRATIONS, type Migration } from './migrations/index.js';
import { CACHE_APPLICATION_ID, MIGRATIONS_TABLE, migrate, type CacheDb } from './migrate.js';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { ensureOwnerOnlyDir, prepareOwnerOnlyDatabase } from './owner-only.js';
import {
  buildFromDamaged,
  finishInterruptedRebuild,
  putRebuiltInPlace,
  type SalvageOutcome,
} from './salvage/rebuild-cache.js';

/**
 * Opens the cache file, first making sure it is ours and readable. A file that
 * is not SQLite, is damaged, belongs to another application or to a newer
 * Flowline is never used: it is renamed aside (kept, not deleted) and a new
 * cache is created, to be filled again from the server. A damaged cache of
 * ours first gives back what SQLite can still read of the queued edits and
 * their connections (salvage/): nothing queued is dropped while it can be read.
 */

export interface MovedAside {
  /** Where the unusable file now is. */
  movedTo: string;
  /** Why it was not used, in words for the log. */
  reason: string;
  /**
   * What was copied from it into the new cache; null when it was not read
   * (another application's file, or a newer Flowline's: not ours to interpret).
   */
  salvage: SalvageOutcome | null;
}

export interface CacheOpenReport {
  file: string;
  movedAside: MovedAside | null;
}

export interface OpenCacheOptions {
  now?: () => Date;
  migrations?: readonly Migration[];
  /**
   * For tests only: runs on the cache connection right after it is opened,
   * before anything is written (a test sets `PRAGMA max_page_count` there to
   * make the disk look full, honestly: SQLite then fails with SQLITE_FULL).
   */
  limitCacheForTests?: (db: CacheDb) => void;
  /**
   * Keeps the WAL index in this process's memory instead of the -shm file
   * (`locking_mode = EXCLUSIVE`, set before the first read): on a full disk
   * SQLite cannot size a new -shm (SQLITE_IOERR_SHMSIZE) and no open works
   * otherwise. Other connections to the file wait until this one closes.
   */
  exclusiveLocking?: boolean;
}

type Verdict =
  { usable: true } | { usable: false; kind: 'foreign' | 'newer' | 'damaged'; reason: string };

const UNREADABLE_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CANTOPEN']);

/** Looks at an existing file without changing it. */
export function inspectCacheFile(
  file: string,
  migrations: readonly Migration[],
  options: { exclusiveLocking?: boolean } = {},
): Verdict {
  let db: CacheDb | undefined;
  try {
    // Read-only: looking must not checkpoint or delete a WAL that may hold someone's edits.
    // Except on a full disk (exclusiveLocking): SQLite refuses a read-only connection its
    // WAL index in memory (SQLITE_IOERR_LOCK), so this one may write; it only reads.
    db = new Database(file, {
      ...sqliteBindingOptions(process.env),
      readonly: !options.exclusiveLocking,
      fileMustExist: true,
    });
    if (options.exclusiveLocking) db.pragma('locking_mode = EXCLUSIVE');
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
        kind: 'foreign',
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
          kind: 'newer',
          reason: `it was written by a newer version of Flowline (cache schema ${newest}; this version knows ${known})`,
        };
      }
    }
    const check = db.pragma('quick_check(1)', { simple: true }) as string;
    if (check !== 'ok')
      return { usable: false, kind: 'damaged', reason: `it is damaged (${check})` };
    return { usable: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && UNREADABLE_CODES.has(code)) {
      return {
        usable: false,
        kind: 'damaged',
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
export function configureCache(db: CacheDb): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if ((db.pragma('application_id', { simple: true }) as number) === 0) {
    db.pragma(`application_id = ${CACHE_APPLICATION_ID}`);
  }
}

/**
 * Moves an unusable file aside; a damaged one of ours is first rebuilt from
 * what it still holds. If the rebuild cannot be written, this throws with the
 * damaged file still in place (nothing lost; the next start tries again).
 */
function replaceUnusable(
  file: string,
  verdict: Extract<Verdict, { usable: false }>,
  now: () => Date,
  migrations: readonly Migration[],
): MovedAside {
  const salvage =
    verdict.kind === 'damaged'
      ? buildFromDamaged(file, { migrations, now, configure: configureCache })
      : null;
  const movedTo = moveAside(file, now());
  if (salvage?.readable) putRebuiltInPlace(file);
  const fresh = salvage?.readable
    ? 'a new cache was created from what could still be read of it'
    : 'a new, empty cache was created; it fills again from the server';
  return {
    movedTo,
    reason: `The offline cache ${file} could not be used because ${verdict.reason}. It was moved to ${movedTo} and ${fresh}.`,
    salvage,
  };
}

export function openCache(
  file: string,
  options: OpenCacheOptions = {},
): { db: CacheDb; report: CacheOpenReport } {
  const now = options.now ?? (() => new Date());
  const migrations = options.migrations ?? CACHE_MIGRATIONS;
  ensureOwnerOnlyDir(dirname(file));
  finishInterruptedRebuild(file);
  let movedAside: MovedAside | null = null;
  if (existsSync(file)) {
    const verdict = inspectCacheFile(file, migrations, {
      exclusiveLocking: options.exclusiveLocking ?? false,
    });
    if (!verdict.usable) movedAside = replaceUnusable(file, verdict, now, migrations);
  }
  prepareOwnerOnlyDatabase(file);
  const db = new Database(file, sqliteBindingOptions(process.env));
  try {
    if (options.exclusiveLocking) db.pragma('locking_mode = EXCLUSIVE');
    options.limitCacheForTests?.(db);
    configureCache(db);
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
