import type { FieldTotalsBuilder } from '../../../shared/field/index.js';
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
      months: db
        .prepare(
          `SELECT substr(date, 1, 7), COUNT(DISTINCT well_id)
           FROM production WHERE connection_id = ? AND ${WELLS} AND ${PRODUCING}
           GROUP BY substr(date, 1, 7)`,
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

  /** Adds the wells' daily sums (and, for monthly totals, their producing months). */
  addWells(
    builder: FieldTotalsBuilder,
    connectionId: string,
    wellIds: readonly string[],
    monthly: boolean,
  ): void {
    const ids = JSON.stringify(wellIds);
    for (const row of this.statements.days.all(connectionId, ids) as DayRow[]) {
      builder.addDay(row[0], row[1], row[2], row[3], row[4]);
    }
    if (!monthly) return;
    for (const [month, wells] of this.statements.months.all(connectionId, ids) as Array<
      [string, number]
    >) {
      builder.addProducingMonth(month, wells);
    }
  }
}
