import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { Migration } from '../migrations/index.js';
import { migrate, type CacheDb } from '../migrate.js';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { prepareOwnerOnlyDatabase } from '../owner-only.js';
import { readSalvage, type SalvagedTable, type WantedColumns } from './salvage-read.js';
import { writeSalvaged, type SalvageCounts } from './salvage-write.js';

/**
 * A damaged cache is replaced by a new one holding what could be read of it
 * (salvage-read.ts). The new one is built beside it and put in place only
 * when complete, so a failure meanwhile (a full disk, a crash) leaves the
 * damaged file where it was, to be tried again at the next start:
 *
 *   cache.db.rebuilding  built, migrated, filled, closed (its WAL folded in)
 *   cache.db.rebuilt     renamed once complete
 *   cache.db             the damaged file moved aside, then cache.db.rebuilt renamed in
 *
 * A crash between the two renames leaves cache.db.rebuilt and no cache.db:
 * `finishInterruptedRebuild` completes the swap at the next start.
 */

/** What the rebuild got back; `readable: false` when SQLite could not read the file at all. */
export type SalvageOutcome = ({ readable: true } & SalvageCounts) | { readable: false };

export const REBUILDING_SUFFIX = '.rebuilding';
export const REBUILT_SUFFIX = '.rebuilt';

const SALVAGED_TABLES: readonly SalvagedTable[] = [
  'connections',
  'projects',
  'wells',
  'outbox',
  'outbox_records',
  'import_mappings',
  'decline_settings',
  'decline_fits',
  'decline_fit_history',
  'quality_dismissed',
  'well_events',
  'event_categories',
];

function wantedColumns(db: CacheDb): WantedColumns {
  const wanted = {} as Record<SalvagedTable, string[]>;
  for (const table of SALVAGED_TABLES) {
    wanted[table] = (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map(
      (column) => column.name,
    );
  }
  return wanted;
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

/**
 * Builds `<file>.rebuilt` from what `file` still holds. Returns null (and
 * builds nothing) when nothing could be read; throws, leaving no partial file,
 * if the new cache cannot be written.
 */
export function buildFromDamaged(
  file: string,
  options: {
    migrations: readonly Migration[];
    now: () => Date;
    configure: (db: CacheDb) => void;
  },
): SalvageOutcome {
  const building = file + REBUILDING_SUFFIX;
  removeDatabase(building); // an earlier attempt that did not finish
  prepareOwnerOnlyDatabase(building);
  let db: CacheDb | undefined = new Database(building, sqliteBindingOptions(process.env));
  try {
    options.configure(db);
    migrate(db, options.migrations, options.now);
    const salvaged = readSalvage(file, wantedColumns(db));
    if (!salvaged) {
      db.close();
      db = undefined;
      removeDatabase(building);
      return { readable: false };
    }
    const counts = writeSalvaged(db, salvaged);
    db.close();
    db = undefined;
    renameSync(building, file + REBUILT_SUFFIX);
    return { readable: true, ...counts };
  } catch (error) {
    db?.close();
    removeDatabase(building);
    throw error;
  }
}

/** The second rename of a rebuild that a crash interrupted. */
export function finishInterruptedRebuild(file: string): void {
  if (!existsSync(file) && existsSync(file + REBUILT_SUFFIX)) {
    renameSync(file + REBUILT_SUFFIX, file);
  }
  removeDatabase(file + REBUILDING_SUFFIX);
}

/** Puts the rebuilt cache where the damaged one was (already moved aside). */
export function putRebuiltInPlace(file: string): void {
  renameSync(file + REBUILT_SUFFIX, file);
}
