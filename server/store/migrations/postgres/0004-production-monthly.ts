import type { PgSession } from '../../postgres/pg-session.js';
import { rebuildPgMonthlySums } from '../../postgres/pg-production.js';

/**
 * PostgreSQL migration 4: SQLite's migration 3 (server/store/migrations/0003-production-monthly.ts),
 * each month's sums per well, filled from the existing rows in JS (PostgreSQL's float8 sum
 * raises an error where JS's running sum overflows to Infinity; the sums must be JS's).
 */
export const sql = `
CREATE TABLE production_monthly (
  well_seq        BIGINT NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
  month           TEXT COLLATE "C" NOT NULL,
  days            INTEGER NOT NULL,
  oil_rate_sum    DOUBLE PRECISION NOT NULL,
  oil_rate_n      INTEGER NOT NULL,
  water_rate_sum  DOUBLE PRECISION NOT NULL,
  water_rate_n    INTEGER NOT NULL,
  gas_rate_sum    DOUBLE PRECISION NOT NULL,
  gas_rate_n      INTEGER NOT NULL,
  bhp_sum         DOUBLE PRECISION NOT NULL,
  bhp_n           INTEGER NOT NULL,
  thp_sum         DOUBLE PRECISION NOT NULL,
  thp_n           INTEGER NOT NULL,
  choke_size_sum  DOUBLE PRECISION NOT NULL,
  choke_size_n    INTEGER NOT NULL,
  runtime_sum     DOUBLE PRECISION NOT NULL,
  runtime_n       INTEGER NOT NULL,
  gor_gas         DOUBLE PRECISION NOT NULL,
  gor_oil         DOUBLE PRECISION NOT NULL,
  gor_n           INTEGER NOT NULL,
  cut_water       DOUBLE PRECISION NOT NULL,
  cut_oil         DOUBLE PRECISION NOT NULL,
  cut_n           INTEGER NOT NULL,
  imperial_json   TEXT NOT NULL,
  metric_json     TEXT NOT NULL,
  days_packed     BYTEA NOT NULL,
  PRIMARY KEY (well_seq, month)
);
`;

export async function run(tx: PgSession): Promise<void> {
  await rebuildPgMonthlySums(tx);
}
