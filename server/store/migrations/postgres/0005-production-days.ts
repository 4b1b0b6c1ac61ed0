import type { PgSession } from '../../postgres/pg-session.js';
import { rebuildPgMonthlySums } from '../../postgres/pg-production.js';

/**
 * PostgreSQL migration 5: SQLite's migration 4 (server/store/migrations/0004-production-days.ts),
 * each month's packed days out of production_monthly into a table of their own, so the
 * monthly read's rows stay narrow. Existing data is moved as stored.
 */
export const sql = `
CREATE TABLE production_days (
  well_seq     BIGINT NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
  month        TEXT COLLATE "C" NOT NULL,
  days_packed  BYTEA NOT NULL,
  PRIMARY KEY (well_seq, month)
);
INSERT INTO production_days (well_seq, month, days_packed)
  SELECT well_seq, month, days_packed FROM production_monthly;
ALTER TABLE production_monthly DROP COLUMN days_packed;
`;

/**
 * A database that had daily rows before migration 4 got that table empty in this same run
 * (migration 4 no longer fills it): fill both tables from the daily rows, in JS (PostgreSQL's
 * float8 sum raises an error where JS's running sum overflows to Infinity; the sums must be
 * JS's). Once filled, every well with a daily row has a month stored.
 */
export async function run(tx: PgSession): Promise<void> {
  if (!(await tx.scalar<boolean>('SELECT EXISTS (SELECT 1 FROM production_monthly)')))
    await rebuildPgMonthlySums(tx);
}
