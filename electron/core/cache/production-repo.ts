import type Database from 'better-sqlite3';
import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
} from '#shared/api/index.js';
import type { CacheDb } from './migrate.js';
import type { DateInterval } from './date-intervals.js';
import { ProductionLatest } from './production-latest.js';
import { ProductionMemo } from './production-memo.js';
import { ProductionPacked, type PackedDaily } from './production-packed.js';
import { dayString, nanToNulls } from '#shared/desktop/production-columns.js';
import { upsertIfChangedSql } from './upsert-sql.js';

/**
 * The server's daily rows, imperial units. Reads return columns (one array per
 * field) because that is what charts want and it is the cheapest shape to build.
 * Every write to the production table must go through this class: it keeps
 * the read memo, the latest-producing-day summary (production_latest) and the
 * well's production version (production_versions, for decline fits) right.
 */

/** A row as stored: `date` then the nine fields in PRODUCTION_FIELDS order. */
export type StoredRow = [string, ...Array<number | null>];

export interface DailyColumns {
  dates: string[];
  /** One array per field of PRODUCTION_FIELDS, in that order. */
  columns: Array<Array<number | null>>;
}

export class ProductionRepo {
  private readonly statements;
  private readonly memo = new ProductionMemo();
  private readonly latest: ProductionLatest;
  /** The rows packed by year (migration 10): what every read of whole rows decodes. */
  private readonly packed: ProductionPacked;
  /** Per connection and well: bumped by every write, part of the memo's signature. */
  private readonly generations = new Map<string, number>();
  /** Per connection and well: bumped by every write and every read that may pack years. */
  private readonly storageGenerations = new Map<string, number>();
  private readonly settledCounts = new Map<string, number>();
  /** One statement per field read alone (see readField), prepared on first use. */
  private readonly fieldStatements = new Map<ProductionField, Database.Statement>();

  constructor(private readonly db: CacheDb) {
    this.latest = new ProductionLatest(db);
    this.packed = new ProductionPacked(db);
    this.statements = {
      coverage: db
        .prepare(
          `SELECT group_concat(from_date || '/' || to_date || '/' || fetched_at, ' ')
           FROM coverage WHERE connection_id = ? AND well_id = ?`,
        )
        .pluck(),
      dates: db
        .prepare(
          `SELECT date FROM production
           WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ?`,
        )
        .pluck(),
      // Bound by position, not by name: naming costs ~30% of a bulk fill (bench/core). The
      // VALUES list is the columns in order: connection_id, well_id, date, the fields.
      upsert: db.prepare(
        upsertIfChangedSql(
          'production',
          ['connection_id', 'well_id', 'date'],
          PRODUCTION_FIELDS,
        ).replace(/@\w+/g, '?'),
      ),
      remove: db.prepare(
        'DELETE FROM production WHERE connection_id = ? AND well_id = ? AND date = ?',
      ),
      // While held, the packed store's triggers stand aside: this class repacks what it wrote.
      writerBusy: db.prepare(
        'INSERT INTO production_packed_writer (busy) VALUES (1) ON CONFLICT (busy) DO NOTHING',
      ),
      writerDone: db.prepare('DELETE FROM production_packed_writer'),
      // Saved decline fits compare it (migration 6); queued edits bump it by triggers.
      bumpVersion: db.prepare(
        `INSERT INTO production_versions (connection_id, well_id, version) VALUES (?, ?, 1)
         ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1`,
      ),
    };
  }

  /**
   * The range's server rows as typed columns (epoch days; Float64Array per field, NaN for
   * null), decoded from the packed years: the charts' read. Never memoised: a cold read of
   * twenty years is a few blob copies. The caller owns the arrays.
   */
  readPacked(connectionId: string, wellId: string, range: DateInterval): PackedDaily {
    this.storageMoved(connectionId, wellId);
    return this.packed.read(connectionId, wellId, range);
  }

  /**
   * How many times a sync stored the server's answer to a push for the well, in this process.
   * A fetch notes it before it asks the server and writes only if it has not moved: rows read
   * before that push must not overwrite what the sync stored. Other fetches of the well (the
   * same rows, or other days) do not count: they never hold older data than the server's.
   */
  settled(connectionId: string, wellId: string): number {
    return this.settledCounts.get(wellKey(connectionId, wellId)) ?? 0;
  }

  /** Called by the sync when it stores the server's rows after a push. */
  noteSettled(connectionId: string, wellId: string): void {
    const well = wellKey(connectionId, wellId);
    this.settledCounts.set(well, (this.settledCounts.get(well) ?? 0) + 1);
  }

  /**
   * Changes whenever the space the well takes here may have changed: every write of its rows
   * (all go through replaceRange) and every read that may have packed its years. What was
   * counted for the well at one value still holds while it stands (replica-counts.ts).
   */
  storageGeneration(connectionId: string, wellId: string): number {
    return this.storageGenerations.get(wellKey(connectionId, wellId)) ?? 0;
  }

  private storageMoved(connectionId: string, wellId: string): void {
    const well = wellKey(connectionId, wellId);
    this.storageGenerations.set(well, (this.storageGenerations.get(well) ?? 0) + 1);
  }

  readColumns(connectionId: string, wellId: string, range: DateInterval): DailyColumns {
    const well = wellKey(connectionId, wellId);
    const key = `${well}\u0000${range.from}\u0000${range.to}`;
    const coverage = this.statements.coverage.get(connectionId, wellId) as string | null;
    const signature = `${this.generations.get(well) ?? 0} ${coverage ?? ''}`;
    const remembered = this.memo.get(key, signature);
    if (remembered) return remembered;
    const read = this.readFromDb(connectionId, wellId, range);
    this.memo.set(key, signature, read);
    return read;
  }

  /**
   * One field's days over the range, straight from the table: a computation
   * over every well of a project (Forecast all wells) reads one field of each,
   * at a fraction of the cost of all nine, and does not evict the charts' memo.
   * `columns` holds that one field.
   */
  readField(
    connectionId: string,
    wellId: string,
    field: ProductionField,
    range: DateInterval,
  ): DailyColumns {
    const rows = this.fieldStatement(field).all(
      connectionId,
      wellId,
      range.from,
      range.to,
    ) as Array<[string, number | null]>;
    const dates = new Array<string>(rows.length);
    const values = new Array<number | null>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as [string, number | null];
      dates[r] = row[0];
      values[r] = row[1];
    }
    return { dates, columns: [values] };
  }

  private fieldStatement(field: ProductionField): Database.Statement {
    let statement = this.fieldStatements.get(field);
    if (!statement) {
      // The name is interpolated: only the table's own field names may reach it.
      if (!PRODUCTION_FIELDS.includes(field)) throw new Error(`Unknown production field ${field}`);
      statement = this.db
        .prepare(
          `SELECT date, ${field} FROM production
           WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
        )
        .raw();
      this.fieldStatements.set(field, statement);
    }
    return statement;
  }

  /** The same days as records, for aggregateMonthly. */
  readRecords(connectionId: string, wellId: string, range: DateInterval): ProductionRecord[] {
    const { dates, columns } = this.readColumns(connectionId, wellId, range);
    const [oil, water, gas, bhp, thp, choke, runtime, gor, watercut] = columns as Array<
      Array<number | null>
    >;
    // One literal of fixed shape per day: several times faster than adding members one by one.
    return dates.map((date, r) => ({
      date,
      oil_rate: oil![r] as number | null,
      water_rate: water![r] as number | null,
      gas_rate: gas![r] as number | null,
      bhp: bhp![r] as number | null,
      thp: thp![r] as number | null,
      choke_size: choke![r] as number | null,
      runtime: runtime![r] as number | null,
      gor: gor![r] as number | null,
      watercut: watercut![r] as number | null,
    }));
  }

  /**
   * Makes the cache hold exactly `rows` (the server's complete answer) for the
   * range: new and changed rows written, rows the server no longer has deleted.
   * Call inside a transaction. Returns how many rows differed.
   */
  replaceRange(
    connectionId: string,
    wellId: string,
    range: DateInterval,
    rows: readonly StoredRow[],
  ): number {
    // The packed years must commit with the rows: never write them apart.
    if (!this.db.inTransaction) {
      return this.db.transaction(() => this.replaceRange(connectionId, wellId, range, rows))();
    }
    const well = wellKey(connectionId, wellId);
    this.generations.set(well, (this.generations.get(well) ?? 0) + 1);
    this.storageMoved(connectionId, wellId);
    const before = new Set(
      this.statements.dates.all(connectionId, wellId, range.from, range.to) as string[],
    );
    let changes = 0;
    /** The years of the rows that changed: this write repacks them (the triggers stand aside). */
    const years = new Set<number>();
    const values = new Array<string | number | null>(3 + PRODUCTION_FIELDS.length).fill(null);
    values[0] = connectionId;
    values[1] = wellId;
    this.statements.writerBusy.run();
    try {
      for (const row of rows) {
        values[2] = row[0];
        for (let f = 0; f < PRODUCTION_FIELDS.length; f++) values[f + 3] = row[f + 1] ?? null;
        const changed = this.statements.upsert.run(...values).changes;
        if (changed > 0) {
          changes += changed;
          years.add(Number(row[0].slice(0, 4)));
        }
        before.delete(row[0]);
      }
      for (const date of before) {
        const changed = this.statements.remove.run(connectionId, wellId, date).changes;
        if (changed > 0) {
          changes += changed;
          years.add(Number(date.slice(0, 4)));
        }
      }
    } finally {
      this.statements.writerDone.run();
    }
    if (changes > 0) {
      this.latest.afterWrite(connectionId, wellId, range, rows);
      this.statements.bumpVersion.run(connectionId, wellId);
      // Repacked before the caller commits, so the packed years commit with the rows.
      this.packed.repackWritten(connectionId, wellId, range, rows, years);
    }
    return changes;
  }

  private readFromDb(connectionId: string, wellId: string, range: DateInterval): DailyColumns {
    this.storageMoved(connectionId, wellId);
    const { days, columns: packed } = this.packed.read(connectionId, wellId, range);
    const n = days.length;
    const dates = new Array<string>(n);
    for (let r = 0; r < n; r++) dates[r] = dayString(days[r] as number);
    const columns = packed.map(nanToNulls);
    return { dates, columns };
  }
}

function wellKey(connectionId: string, wellId: string): string {
  return `${connectionId}\u0000${wellId}`;
}
