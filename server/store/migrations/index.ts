import type { Migration } from '#shared-node/sqlite/migrations.js';
import { sql as initial } from './0001-initial.js';
import { sql as readPaths } from './0002-read-paths.js';
import { sql as productionMonthly } from './0003-production-monthly.js';
import { run as fillMonthly, sql as productionDays } from './0004-production-days.js';
import { sql as changeLog } from './0005-change-log.js';
import { sql as wellEvents } from './0006-well-events.js';

// The runner and this shape are shared with the desktop cache (shared-node/sqlite/migrations.ts).
export type { Migration };

/** Append-only. Each id is applied once, in order, inside one transaction. */
export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'initial', sql: initial },
  { id: 2, name: 'read-paths', sql: readPaths },
  { id: 3, name: 'production-monthly', sql: productionMonthly },
  { id: 4, name: 'production-days', sql: productionDays, run: fillMonthly },
  { id: 5, name: 'change-log', sql: changeLog },
  { id: 6, name: 'well-events', sql: wellEvents },
];
