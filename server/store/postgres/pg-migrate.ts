import { POSTGRES_MIGRATIONS, type PgMigration } from '../migrations/postgres/index.js';
import type { PgDatabase } from './pg-session.js';

/** Any constant shared by every server that migrates: they queue on it instead of racing. */
const MIGRATION_LOCK = 7_340_911;

/**
 * Applies the migrations not yet recorded in schema_migrations, in id order, all in one
 * transaction (PostgreSQL's DDL is transactional: a failing migration leaves the schema as it
 * was). An advisory lock makes several instances starting at once take turns; the one that
 * waited finds the work recorded and skips it. Returns the ids it applied.
 */
export async function migratePostgres(
  db: PgDatabase,
  migrations: readonly PgMigration[] = POSTGRES_MIGRATIONS,
  now: () => Date = () => new Date(),
): Promise<number[]> {
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    await tx.run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const done = new Set(
      (await tx.rows<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await tx.run(migration.sql);
      await migration.run?.(tx);
      await tx.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [
        migration.id,
        migration.name,
        now().toISOString(),
      ]);
      applied.push(migration.id);
    }
  });
  return applied;
}
