/**
 * Cache migration 9: each well's screening figures for the wells table (the
 * last producing day and its rates, the change against 30 days before, and
 * 90 days of rates for a sparkline; shared/production/screening.ts), filled in
 * the background (electron/core/screening/). A copy of server data: rebuilt
 * by the next fill, never salvaged. Imperial, like the rest of the cache.
 *
 * - `as_of`: when the server rows the figures come from were fetched (the
 *   "as of" the table shows offline);
 * - `source`: `cache` (computed from the cached rows) or `summary` (the
 *   server's project summary, an extension);
 * - `production_version`: production_versions.version when computed: a later
 *   write to the well's rows makes the figures stale;
 * - `sparklines`: JSON {"oil": [...], "gas": [...], "water": [...]}, one value
 *   per day ending at last_date, null for a day without a value.
 * The change columns are percent and are what the wells table sorts by.
 */
export const sql = `
CREATE TABLE well_screening (
  connection_id      TEXT NOT NULL,
  well_id            TEXT NOT NULL,
  as_of              TEXT NOT NULL,
  source             TEXT NOT NULL CHECK (source IN ('cache', 'summary')),
  production_version INTEGER NOT NULL,
  last_date          TEXT,
  oil_rate           REAL,
  gas_rate           REAL,
  water_rate         REAL,
  previous_date      TEXT,
  oil_change         REAL,
  gas_change         REAL,
  water_change       REAL,
  sparklines         TEXT CHECK (sparklines IS NULL OR json_valid(sparklines)),
  PRIMARY KEY (connection_id, well_id),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
`;
