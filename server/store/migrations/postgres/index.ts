import type { Migration } from '../../../../shared/sqlite/migrations.js';
import { sql as initial } from './0001-initial.js';
import { sql as readPaths } from './0002-read-paths.js';
import { sql as rateLimitBuckets } from './0003-rate-limit-buckets.js';

/**
 * PostgreSQL's migrations, append-only: ids 1 and 2 mirror SQLite's of the same id
 * (server/store/migrations/index.ts); 3 holds what only several instances need.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'initial', sql: initial },
  { id: 2, name: 'read-paths', sql: readPaths },
  { id: 3, name: 'rate-limit-buckets', sql: rateLimitBuckets },
];
