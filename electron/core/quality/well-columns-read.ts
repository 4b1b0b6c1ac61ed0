import type Database from 'better-sqlite3';
import { FIELD_RULES, PRODUCTION_FIELDS, type UnitSystem } from '#shared/api/index.js';
import { epochDay } from '#shared/dates/iso-day.js';
import { emptyColumns, SCANNED_FIELDS, type WellColumns } from '#shared/quality/index.js';
import type { CoverageInterval } from '../cache/coverage-repo.js';
import type { CoreContext } from '../core-context.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';
import { displayConverter, isIdentity } from '../units/cache-units.js';

/** Everything this computer holds of one well's production, as the engineer sees it. */
export interface WellDays {
  /** Date order, queued edits merged over the server's rows, in the project's units. */
  columns: WellColumns;
  /** The ranges fetched from the server (sorted, disjoint), with when. */
  covered: CoverageInterval[];
}

const ALL_TIME = { from: '0001-01-01', to: '9999-12-31' };

/**
 * Reads wells' days for the data-quality scan straight into columns. A project's scan
 * reads about a million days: building an object per day (or going through the charts'
 * memo, which copies what it keeps) cost more than the rules. Here SQLite gives each
 * day as a number (days since 1970) and the eight fields the rules use, and one pass
 * moves them into typed arrays.
 */
export class WellColumnsReader {
  private readonly rows: Database.Statement;

  constructor(private readonly ctx: CoreContext) {
    // julianday of a 'YYYY-MM-DD' is the day's midnight, n + 0.5 exactly: the difference
    // is a whole number of days, read as a number rather than a string to parse.
    this.rows = ctx.db
      .prepare(
        `SELECT CAST(julianday(date) - 2440587.5 AS INTEGER), ${SCANNED_FIELDS.join(', ')}
         FROM production
         WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      )
      .raw();
  }

  read(connectionId: string, wellId: string, unitSystem: UnitSystem): WellDays {
    const covered = this.ctx.coverage.overlapping(connectionId, wellId, ALL_TIME);
    if (covered.length === 0) return { columns: emptyColumns(0), covered };
    const span = { from: covered[0]!.from, to: covered[covered.length - 1]!.to };
    const columns = this.ctx.outbox.hasProductionEdits(connectionId, wellId)
      ? this.readMerged(connectionId, wellId, span)
      : this.readServerRows(connectionId, wellId, span);
    for (const field of SCANNED_FIELDS) {
      const quantity = FIELD_RULES[field].quantity;
      if (isIdentity(quantity, unitSystem)) continue;
      const convert = displayConverter(quantity, unitSystem);
      const values = columns[field];
      for (let r = 0; r < columns.length; r++) {
        const value = values[r] as number;
        if (!Number.isNaN(value)) values[r] = convert(value);
      }
    }
    return { columns, covered };
  }

  /** Most wells: nothing queued, the cached server rows are what the engineer sees. */
  private readServerRows(
    connectionId: string,
    wellId: string,
    span: { from: string; to: string },
  ): WellColumns {
    const rows = this.rows.all(connectionId, wellId, span.from, span.to) as Array<
      Array<number | null>
    >;
    const columns = emptyColumns(rows.length);
    const days = columns.days as Int32Array;
    const targets = SCANNED_FIELDS.map((field) => columns[field]);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as Array<number | null>;
      days[r] = row[0] as number;
      for (let f = 0; f < targets.length; f++) {
        const value = row[f + 1];
        // Left NaN where SQLite has NULL.
        if (value !== null) (targets[f] as Float64Array)[r] = value as number;
      }
    }
    return columns;
  }

  /** A well with queued edits: the well page's own merge, so an edit counts as it shows. */
  private readMerged(
    connectionId: string,
    wellId: string,
    span: { from: string; to: string },
  ): WellColumns {
    const merged = mergeProductionEdits(
      this.ctx,
      connectionId,
      wellId,
      span,
      this.ctx.production.readColumns(connectionId, wellId, span),
    );
    const columns = emptyColumns(merged.dates.length);
    const days = columns.days as Int32Array;
    merged.dates.forEach((date, r) => (days[r] = epochDay(date)));
    for (const field of SCANNED_FIELDS) {
      const source = merged.columns[PRODUCTION_FIELDS.indexOf(field)]!;
      const target = columns[field];
      source.forEach((value, r) => {
        if (value !== null && value !== undefined) target[r] = value;
      });
    }
    return columns;
  }
}
