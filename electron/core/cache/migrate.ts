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
    db.transaction(() => {
      // Another process may have migrated while we waited for the write lock.
      if (db.prepare(`SELECT 1 FROM ${MIGRATIONS_TABLE} WHERE id = ?`).get(migration.id)) return;
      db.exec(migration.sql);
      record.run(migration.id, migration.name, now().toISOString());
    }).immediate();
  }
}
