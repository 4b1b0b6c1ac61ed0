import type { Db } from './database.js';

/** A day's three rates as stored (imperial): date, oil, gas, water. */
export type StoredRatesRow = [string, number | null, number | null, number | null];

export interface WellRecentRates {
  wellId: string;
  /** Ascending; empty when the well has no producing day. */
  rows: StoredRatesRow[];
}

/**
 * Every well of a project with its rows of the `days` days ending at its last
 * producing day (an oil, gas or water rate above zero), in the wells list's
 * order (name, then id). One query: the last producing day comes from a walk
 * back on the production key, which stops at the first producing row. The one
 * read of the project latest-production summary (server/routes/production-latest.ts).
 */
export async function readProjectRecentRates(
  db: Db,
  projectId: string,
  days: number,
): Promise<WellRecentRates[]> {
  const rows = db
    .prepare(
      `WITH last AS (
         SELECT w.seq, w.id, w.name_key,
           (SELECT p.date FROM production p WHERE p.well_seq = w.seq
              AND (p.oil_rate > 0 OR p.gas_rate > 0 OR p.water_rate > 0)
            ORDER BY p.date DESC LIMIT 1) AS last_date
         FROM wells w WHERE w.project_id = ?)
       SELECT last.id, p.date, p.oil_rate, p.gas_rate, p.water_rate
       FROM last LEFT JOIN production p ON p.well_seq = last.seq
         AND p.date BETWEEN date(last.last_date, ?) AND last.last_date
       ORDER BY last.name_key, last.id, p.date`,
    )
    .raw(true)
    .all(projectId, `-${days - 1} days`) as Array<
    [string, string | null, number | null, number | null, number | null]
  >;
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
