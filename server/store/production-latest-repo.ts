import type { Db } from './database.js';

/** A day's three rates as stored (imperial): date, oil, gas, water. */
export type StoredRatesRow = [string, number | null, number | null, number | null];

export interface WellRecentRates {
  wellId: string;
  /** Ascending; empty when the well has no producing day. */
  rows: StoredRatesRow[];
}

/** What both engines' query returns: the well id, then its day's date and rates or nulls. */
export type RecentRatesRow = [string, string | null, number | null, number | null, number | null];

/**
 * The wells list order (name, then id); for each well the rows of the `days` days ending
 * at its last producing day (an oil, gas or water rate above zero), found by a walk back on
 * the production key that stops at the first producing row. `?`/`$n` placeholders: SQLite
 * uses this text as is, PostgreSQL (server/store/postgres/pg-production.ts) its own.
 */
export function recentRatesSql(first: string, offset: string, dateFrom: string): string {
  return `WITH last AS (
     SELECT w.seq, w.id, w.name_key,
       (SELECT p.date FROM production p WHERE p.well_seq = w.seq
          AND (p.oil_rate > 0 OR p.gas_rate > 0 OR p.water_rate > 0)
        ORDER BY p.date DESC LIMIT 1) AS last_date
     FROM wells w WHERE w.project_id = ${first})
   SELECT last.id, p.date, p.oil_rate, p.gas_rate, p.water_rate
   FROM last LEFT JOIN production p ON p.well_seq = last.seq
     AND p.date BETWEEN ${dateFrom.replace('OFFSET', offset)} AND last.last_date
   ORDER BY last.name_key, last.id, p.date`;
}

/** The query's rows, one entry per well. */
export function groupRecentRates(rows: readonly RecentRatesRow[]): WellRecentRates[] {
  const wells: WellRecentRates[] = [];
  let current: WellRecentRates | undefined;
  for (const [wellId, date, oil, gas, water] of rows) {
    if (current?.wellId !== wellId) {
      current = { wellId, rows: [] };
      wells.push(current);
    }
    if (date !== null) current.rows.push([date, oil, gas, water]);
  }
  return wells;
}

/** SQLite's answer to ProductionStore.recentRates (server/store/store.ts). */
export function readProjectRecentRates(db: Db, projectId: string, days: number): WellRecentRates[] {
  const rows = db
    .prepare(recentRatesSql('?', '?', 'date(last.last_date, OFFSET)'))
    .raw(true)
    .all(projectId, `-${days - 1} days`) as RecentRatesRow[];
  return groupRecentRates(rows);
}
