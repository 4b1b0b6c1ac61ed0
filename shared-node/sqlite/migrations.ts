import type Database from 'better-sqlite3';

/**
 * The one migration runner of the server's database (server/store/database.ts) and the
 * desktop cache (electron/core/cache/migrate.ts), both better-sqlite3 databases: Node-only
 * code the two share, so it lives in shared-node/ rather than shared/.
 *
 * Migrations are append-only numbered SQL (docs/contributing.md, "A migration"): each not yet
 * applied runs once, in id order, inside its own IMMEDIATE transaction, and its id, name and
 * time are recorded in `table`.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
  /**
   * Run with foreign keys off (then checked before commit): a migration that
   * copies a table others reference, which dropping would otherwise cascade.
   */
  foreignKeysOff?: boolean;
  /**
   * Work SQL cannot do, run after `sql` in the same transaction (the server's backfill of
   * monthly sums, which must add floats exactly as its JS does).
   */
  run?: (db: MigratableDatabase) => void;
}

/** The database a migration runs in. */
export type MigratableDatabase = Database.Database;

export interface MigrationOptions {
  /** The table of applied ids (each database keeps its own name for it). */
  table: string;
  now?: () => Date;
}

export function applyMigrations(
  db: MigratableDatabase,
  migrations: readonly Migration[],
  { table, now = () => new Date() }: MigrationOptions,
): void {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`"${table}" is not a migrations table name.`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(db.prepare(`SELECT id FROM ${table}`).pluck().all() as number[]);
  const record = db.prepare(`INSERT INTO ${table} (id, name, applied_at) VALUES (?, ?, ?)`);
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    // IMMEDIATE takes the write lock first: two processes opening a new file must not both
    // migrate, and the one that waited finds the migration recorded and skips it.
    withForeignKeys(db, !migration.foreignKeysOff, () =>
      db
        .transaction(() => {
          if (db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(migration.id)) return;
          db.exec(migration.sql);
          migration.run?.(db);
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
function withForeignKeys(db: MigratableDatabase, enabled: boolean, work: () => void): void {
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
function assertForeignKeysHold(db: MigratableDatabase, name: string): void {
  const broken = db.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new Error(
      `migration ${name} would break ${broken.length} reference(s), first from ${first.table} to ${first.parent}`,
    );
  }
}
