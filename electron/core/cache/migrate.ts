import type Database from 'better-sqlite3';
import { applyMigrations, type Migration } from '#shared-node/sqlite/migrations.js';

export type CacheDb = Database.Database;

/** Marks the file as Flowline's cache ('Flow'), so a foreign SQLite file is told apart. */
export const CACHE_APPLICATION_ID = 0x466c6f77;
export const MIGRATIONS_TABLE = 'cache_migrations';

/** Applies the migrations not yet applied (shared-node/sqlite/migrations.ts), in the cache's table. */
export function migrate(db: CacheDb, migrations: readonly Migration[], now: () => Date): void {
  applyMigrations(db, migrations, { table: MIGRATIONS_TABLE, now });
}
