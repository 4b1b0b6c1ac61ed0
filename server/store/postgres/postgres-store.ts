import type { Store } from '../store.js';
import { pgEvents } from './pg-events.js';
import { migratePostgres } from './pg-migrate.js';
import { pgProduction } from './pg-production.js';
import { pgProjects } from './pg-projects.js';
import { pgRateLimits } from './pg-rate-limits.js';
import { createPool, PgDatabase } from './pg-session.js';
import { pgTokens } from './pg-tokens.js';
import { pgWells } from './pg-wells.js';

/**
 * Connects to PostgreSQL, brings its schema up to date (server/store/migrations/postgres/) and
 * returns the Store over it. Several server instances may open the same database.
 */
export async function openPostgresStore(url: string): Promise<Store> {
  const db = new PgDatabase(createPool(url));
  try {
    await migratePostgres(db);
  } catch (error) {
    await db.pool.end();
    throw error;
  }
  return postgresStore(db);
}

/** Applies the pending migrations to the database at `url`; returns their ids. */
export async function migratePostgresUrl(url: string): Promise<number[]> {
  const db = new PgDatabase(createPool(url));
  try {
    return await migratePostgres(db);
  } finally {
    await db.pool.end();
  }
}

export function postgresStore(db: PgDatabase): Store {
  let closed: Promise<void> | undefined;
  return {
    engine: 'postgres',
    projects: pgProjects(db),
    wells: pgWells(db),
    production: pgProduction(db),
    events: pgEvents(db),
    tokens: pgTokens(db),
    rateLimits: pgRateLimits(db),
    async metaValue(key, make) {
      const existing = await db.scalar<string>('SELECT value FROM meta WHERE key = $1', [key]);
      if (existing !== undefined) return existing;
      // Two instances starting together: the first insert wins and both read its value.
      await db.run('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        key,
        make(),
      ]);
      return (await db.scalar<string>('SELECT value FROM meta WHERE key = $1', [key])) as string;
    },
    async ping() {
      await db.run('SELECT 1');
    },
    close: () => (closed ??= db.pool.end()),
  };
}
