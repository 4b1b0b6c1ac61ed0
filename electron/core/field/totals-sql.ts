import type { FieldTotalsBuilder } from '#shared/field/index.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * Field sums done by SQLite over the cached server rows of a group of wells: one pass
 * over their rows (the primary key keeps each well's days together), no row object built
 * in JavaScript. Only for wells without queued production edits: those are summed from
 * the overlay instead (field-totals.ts), so a pending edit counts once, as the engineer
 * sees it. Rates stay in the cache's imperial units; the caller converts the sums.
 */

const PRODUCING = '(oil_rate > 0 OR gas_rate > 0 OR water_rate > 0)';
const WELLS = 'well_id IN (SELECT value FROM json_each(?))';

type DayRow = [string, number | null, number | null, number | null, number];

export class TotalsSql {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      // SUM over only NULLs is NULL: a phase nobody reported stays "not reported".
      days: db
        .prepare(
          `SELECT date, SUM(oil_rate), SUM(gas_rate), SUM(water_rate),
                  COUNT(CASE WHEN ${PRODUCING} THEN 1 END)
           FROM production WHERE connection_id = ? AND ${WELLS} GROUP BY date`,
        )
        .raw(),
      // Wells producing in each month: one index probe per well and month (stopping at
      // the first producing day), not a pass over the rows and a sort by month, which cost
      // as much again as the daily sums. A month is 'YYYY-MM'; its days sort between
      // 'YYYY-MM-01' and 'YYYY-MM-31'.
      months: db
        .prepare(
          `SELECT months.value, COUNT(*) FROM json_each(?) AS months, json_each(?) AS ids
           WHERE EXISTS (SELECT 1 FROM production
             WHERE connection_id = ? AND well_id = ids.value
               AND date BETWEEN months.value || '-01' AND months.value || '-31' AND ${PRODUCING})
           GROUP BY months.value`,
        )
        .raw(),
      // One indexed probe per well, not a scan of their rows.
      withRows: db
        .prepare(
          `SELECT value FROM json_each(?) AS ids WHERE EXISTS
             (SELECT 1 FROM production WHERE connection_id = ? AND well_id = ids.value)`,
        )
        .pluck(),
    };
  }

  /** The wells of `wellIds` with at least one cached row. */
  wellsWithRows(connectionId: string, wellIds: readonly string[]): Set<string> {
    return new Set(this.statements.withRows.all(JSON.stringify(wellIds), connectionId) as string[]);
  }

  /** Adds the wells' daily sums. */
  addWells(builder: FieldTotalsBuilder, connectionId: string, wellIds: readonly string[]): void {
    for (const row of this.statements.days.all(connectionId, JSON.stringify(wellIds)) as DayRow[]) {
      builder.addDay(row[0], row[1], row[2], row[3], row[4]);
    }
  }

  /** Adds, per month ('YYYY-MM') of `months`, how many of the wells produced in it. */
  addProducingMonths(
    builder: FieldTotalsBuilder,
    connectionId: string,
    wellIds: readonly string[],
    months: readonly string[],
  ): void {
    const rows = this.statements.months.all(
      JSON.stringify(months),
      JSON.stringify(wellIds),
      connectionId,
    ) as Array<[string, number]>;
    for (const [month, wells] of rows) builder.addProducingMonth(month, wells);
  }
}
