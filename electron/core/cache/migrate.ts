import type Database from 'better-sqlite3';
import type { Migration } from './migrations/index.js';

export type CacheDb = Database.Database;

/** Marks the file as Flowline's cache ('Flow'), so a foreign SQLite file is told apart. */
export const CACHE_APPLICATION_ID = 0x466c6f77;
export const MIGRATIONS_TABLE = 'cache_migrations';

/** Applies the migrations not yet applied, each in its own IMMEDIATE transaction. */
export function migrate(db: CacheDb, migrations: readonly Migration[], now: () => Date): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db.prepare(`SELECT id FROM ${MIGRATIONS_TABLE}`).pluck().all() as number[],
  );
  const record = db.prepare(
    `INSERT INTO ${MIGRATIONS_TABLE} (id, name, applied_at) VALUES (?, ?, ?)`,
  );
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    withForeignKeys(db, !migration.foreignKeysOff, () =>
      db
        .transaction(() => {
          // Another process may have migrated while we waited for the write lock.
          if (db.prepare(`SELECT 1 FROM ${MIGRATIONS_TABLE} WHERE id = ?`).get(migration.id))
            return;
          db.exec(migration.sql);
          if (migration.foreignKeysOff) assertForeignKeysHold(db, migration.name);
          record.run(migration.id, migration.name, now().toISOString());
        })
        .immediate(),
    );
  }
}

/**
 * Runs `work` with foreign keys as asked, restoring the setting after. The
 * pragma is a no-op inside a transaction, so it is set around it (SQLite's
 * procedure for changing a referenced table's schema).
 */
function withForeignKeys(db: CacheDb, enabled: boolean, work: () => void): void {
  const before = db.pragma('foreign_keys', { simple: true }) === 1;
  if (before === enabled) return work();
  db.pragma(`foreign_keys = ${enabled ? 'ON' : 'OFF'}`);
  try {
    work();
  } finally {
    db.pragma(`foreign_keys = ${before ? 'ON' : 'OFF'}`);
  }
}

/** A migration run without foreign keys must leave none broken; throwing rolls it back. */
function assertForeignKeysHold(db: CacheDb, name: string): void {
  const broken = db.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new Error(
      `cache migration ${name} would break ${broken.length} reference(s), first from ${first.table} to ${first.parent}`,
    );
  }
}
