/**
 * PostgreSQL migration 4: SQLite's migration 3 (server/store/migrations/0003-production-monthly.ts),
 * each month's sums per well. Migration 5 moved the packed days to a table of their own, and
 * fills both tables from the existing rows when this one has just been made (this migration
 * filled it itself before; the code that fills writes today's layout).
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
