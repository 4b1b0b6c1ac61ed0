import type { MigratableDatabase } from '#shared-node/sqlite/migrations.js';
import type { Db } from '../database.js';
import { rebuildMonthlySums } from '../production-repo.js';

/**
 * Migration 4: each month's packed daily rows (server/serialize/monthly-sums.ts) move out of
 * production_monthly into a table of their own. A month's ~2.4 KB of packed days made each
 * sums row overflow its page, so a monthly read of 20 years walked 80-odd pages for 240 rows;
 * without them the rows are ~600 bytes and the same read walks about 20. A rowid table (the
 * key an index beside it): a ~2.4 KB row fits a table page whole, where a WITHOUT ROWID row
 * that size spills to an overflow page. Existing data is moved as stored (the bytes are the
 * same); DROP COLUMN rewrites production_monthly's rows without the blob.
 */
export const sql = `
CREATE TABLE production_days (
  well_seq     INTEGER NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
  month        TEXT NOT NULL,
  days_packed  BLOB NOT NULL,
  PRIMARY KEY (well_seq, month)
);
INSERT INTO production_days (well_seq, month, days_packed)
  SELECT well_seq, month, days_packed FROM production_monthly ORDER BY well_seq, month;
ALTER TABLE production_monthly DROP COLUMN days_packed;
`;

/**
 * A database that had daily rows before migration 3 got that table empty in this same run
 * (migration 3 no longer fills it): fill both tables from the daily rows, in JS (the sums
 * must be JS's running sums). Once filled, every well with a daily row has a month stored.
 */
export function run(db: MigratableDatabase): void {
  const stored = db.prepare('SELECT 1 FROM production_monthly LIMIT 1').get();
  if (stored === undefined) rebuildMonthlySums(db as unknown as Db);
}
