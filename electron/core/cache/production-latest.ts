import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { CacheDb } from './migrate.js';
import type { DateInterval } from './date-intervals.js';
import type { StoredRow } from './production-repo.js';

/**
 * Keeps `production_latest` (migration 2) right: each well's latest producing
 * day in `production` (oil, gas or water rate > 0) with that day's three rates,
 * imperial. ProductionRepo calls `afterWrite` inside the transaction of every
 * write, so the summary can never disagree with the rows.
 *
 * Most writes need no scan at all. With D the current latest producing day:
 * - D after the written span: the span's rows are all earlier, so D stays.
 * - otherwise no producing row exists after the span, so the latest is the
 *   newest producing row just written, if any;
 * - if none was written and D lay inside the span (its row was deleted or
 *   shut in), the rows before the span are scanned backwards on the primary
 *   key, once; if D lay before the span (or there is none), nothing changes.
 */

/** Positions in a StoredRow: the date, then PRODUCTION_FIELDS in order. */
const OIL = 1 + PRODUCTION_FIELDS.indexOf('oil_rate');
const GAS = 1 + PRODUCTION_FIELDS.indexOf('gas_rate');
const WATER = 1 + PRODUCTION_FIELDS.indexOf('water_rate');

const PRODUCING = '(oil_rate > 0 OR gas_rate > 0 OR water_rate > 0)';

export class ProductionLatest {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      current: db
        .prepare('SELECT date FROM production_latest WHERE connection_id = ? AND well_id = ?')
        .pluck(),
      before: db.prepare(
        `SELECT date, oil_rate, gas_rate, water_rate FROM production
         WHERE connection_id = ? AND well_id = ? AND date < ? AND ${PRODUCING}
         ORDER BY date DESC LIMIT 1`,
      ),
      set: db.prepare(
        `INSERT INTO production_latest (connection_id, well_id, date, oil_rate, gas_rate, water_rate)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (connection_id, well_id) DO UPDATE SET date = excluded.date,
           oil_rate = excluded.oil_rate, gas_rate = excluded.gas_rate, water_rate = excluded.water_rate`,
      ),
      remove: db.prepare('DELETE FROM production_latest WHERE connection_id = ? AND well_id = ?'),
    };
  }

  /**
   * After `production` was made to hold exactly `rows` over `range` for the
   * well (rows outside the range widen the span considered).
   */
  afterWrite(
    connectionId: string,
    wellId: string,
    range: DateInterval,
    rows: readonly StoredRow[],
  ): void {
    let span = range;
    let newest: StoredRow | undefined;
    for (const row of rows) {
      if (row[0] < span.from) span = { from: row[0], to: span.to };
      if (row[0] > span.to) span = { from: span.from, to: row[0] };
      if (isProducing(row) && (newest === undefined || row[0] > newest[0])) newest = row;
    }
    const current = this.statements.current.get(connectionId, wellId) as string | undefined;
    if (current !== undefined && current > span.to) return;
    if (newest) {
      const rates = [newest[OIL] ?? null, newest[GAS] ?? null, newest[WATER] ?? null];
      this.statements.set.run(connectionId, wellId, newest[0], ...rates);
      return;
    }
    if (current === undefined || current < span.from) return;
    const earlier = this.statements.before.get(connectionId, wellId, span.from) as
      | {
          date: string;
          oil_rate: number | null;
          gas_rate: number | null;
          water_rate: number | null;
        }
      | undefined;
    if (earlier) {
      this.statements.set.run(
        connectionId,
        wellId,
        earlier.date,
        earlier.oil_rate,
        earlier.gas_rate,
        earlier.water_rate,
      );
    } else {
      this.statements.remove.run(connectionId, wellId);
    }
  }
}

function isProducing(row: StoredRow): boolean {
  return (
    ((row[OIL] as number | null) ?? 0) > 0 ||
    ((row[GAS] as number | null) ?? 0) > 0 ||
    ((row[WATER] as number | null) ?? 0) > 0
  );
}
