import type { Migration } from '#shared-node/sqlite/migrations.js';
import { sql as initial } from './0001-initial.js';
import { sql as readPaths } from './0002-read-paths.js';
import { sql as rateLimitBuckets } from './0003-rate-limit-buckets.js';
import { sql as productionMonthly } from './0004-production-monthly.js';
import { run as fillMonthly, sql as productionDays } from './0005-production-days.js';
import { sql as changeLog } from './0006-change-log.js';
import { sql as wellEvents } from './0007-well-events.js';
import type { PgSession } from '../../postgres/pg-session.js';

/** A PostgreSQL migration: SQL, then (optionally) work SQL cannot do, in the same transaction. */
export type PgMigration = Omit<Migration, 'run'> & { run?: (tx: PgSession) => Promise<void> };

/**
 * PostgreSQL's migrations, append-only: ids 1 and 2 mirror SQLite's of the same id
 * (server/store/migrations/index.ts); 3 holds what only several instances need; 4 is
 * SQLite's 3, 5 SQLite's 4, 6 SQLite's 5 and 7 SQLite's 6.
 */
export const POSTGRES_MIGRATIONS: readonly PgMigration[] = [
  { id: 1, name: 'initial', sql: initial },
  { id: 2, name: 'read-paths', sql: readPaths },
  { id: 3, name: 'rate-limit-buckets', sql: rateLimitBuckets },
  { id: 4, name: 'production-monthly', sql: productionMonthly },
  { id: 5, name: 'production-days', sql: productionDays, run: fillMonthly },
  { id: 6, name: 'change-log', sql: changeLog },
  { id: 7, name: 'well-events', sql: wellEvents },
];
