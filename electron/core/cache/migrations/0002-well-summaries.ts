/**
 * Cache migration 2: per well, what the wells table shows of its cached
 * production, kept up to date instead of computed on every read. Shipped
 * migrations are never edited; add a numbered file.
 *
 * - production_latest: the latest day with an oil, gas or water rate above
 *   zero, and that day's three rates (imperial, server rows only, like
 *   `production`). From `production` alone it means scanning a well's rows
 *   backwards past any shut-in days, for every well at every sort by it.
 *   Maintained by ProductionRepo (cache/production-latest.ts).
 * - coverage_widest: the widest coverage interval (of two equally wide, the
 *   more recent): the well's "available offline" range, and the input of the
 *   project's offline summary. Maintained by CoverageRepo
 *   (cache/widest-coverage.ts, which states the rule).
 *
 * A well has a row only when it has such a day / any coverage; rows leave
 * with their well by the cascade.
 */
const tables = `
CREATE TABLE production_latest (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  date          TEXT NOT NULL,
  oil_rate      REAL,
  gas_rate      REAL,
  water_rate    REAL,
  PRIMARY KEY (connection_id, well_id),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE coverage_widest (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  from_date     TEXT NOT NULL,
  to_date       TEXT NOT NULL,
  PRIMARY KEY (connection_id, well_id),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
`;

/**
 * Fills both tables from what an existing cache already holds. The latest day:
 * per well, one backward scan of its rows on the primary key, then one lookup
 * of that day (materialized: joined directly, the planner would run the scan
 * for every production row). The widest interval: width in days, then start.
 * Exported for bench/core, which fills the cache in bulk and times this step.
 */
export const backfill = `
WITH latest AS MATERIALIZED (
  SELECT w.connection_id, w.id AS well_id, (
    SELECT q.date FROM production q
    WHERE q.connection_id = w.connection_id AND q.well_id = w.id
      AND (q.oil_rate > 0 OR q.gas_rate > 0 OR q.water_rate > 0)
    ORDER BY q.date DESC LIMIT 1) AS date
  FROM wells w)
INSERT INTO production_latest (connection_id, well_id, date, oil_rate, gas_rate, water_rate)
SELECT p.connection_id, p.well_id, p.date, p.oil_rate, p.gas_rate, p.water_rate
FROM latest JOIN production p
  ON p.connection_id = latest.connection_id AND p.well_id = latest.well_id
 AND p.date = latest.date;

INSERT INTO coverage_widest (connection_id, well_id, from_date, to_date)
SELECT connection_id, well_id, from_date, to_date FROM (
  SELECT connection_id, well_id, from_date, to_date,
    ROW_NUMBER() OVER (
      PARTITION BY connection_id, well_id
      ORDER BY julianday(to_date) - julianday(from_date) DESC, from_date DESC) AS rank
  FROM coverage)
WHERE rank = 1;
`;

export const sql = tables + backfill;
