/**
 * Migration 3: each month's sums per well, and its values as the response writes them in
 * each unit system (server/serialize/monthly-sums.ts), so a monthly read costs a row per month
 * instead of a row per day, and copies text instead of formatting numbers; and its daily rows
 * packed, so a daily read fetches a row per month too. Kept by every write in its transaction.
 * A month with no daily row has no row here. Migration 4 moved the packed days to a table of
 * their own; it also fills both tables from the existing rows when this one has just been
 * made (this migration filled it itself before; the code that fills writes today's layout).
 */
export const sql = `
CREATE TABLE production_monthly (
  well_seq        INTEGER NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
  month           TEXT NOT NULL,
  days            INTEGER NOT NULL,
  oil_rate_sum    REAL NOT NULL,
  oil_rate_n      INTEGER NOT NULL,
  water_rate_sum  REAL NOT NULL,
  water_rate_n    INTEGER NOT NULL,
  gas_rate_sum    REAL NOT NULL,
  gas_rate_n      INTEGER NOT NULL,
  bhp_sum         REAL NOT NULL,
  bhp_n           INTEGER NOT NULL,
  thp_sum         REAL NOT NULL,
  thp_n           INTEGER NOT NULL,
  choke_size_sum  REAL NOT NULL,
  choke_size_n    INTEGER NOT NULL,
  runtime_sum     REAL NOT NULL,
  runtime_n       INTEGER NOT NULL,
  gor_gas         REAL NOT NULL,
  gor_oil         REAL NOT NULL,
  gor_n           INTEGER NOT NULL,
  cut_water       REAL NOT NULL,
  cut_oil         REAL NOT NULL,
  cut_n           INTEGER NOT NULL,
  imperial_json   TEXT NOT NULL,
  metric_json     TEXT NOT NULL,
  days_packed     BLOB  NOT NULL,
  PRIMARY KEY (well_seq, month)
) WITHOUT ROWID;
`;
