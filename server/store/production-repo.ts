import type { Statement } from 'better-sqlite3';
import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
  type UnitSystem,
} from '#shared/api/index.js';
import type { Db } from './database.js';
import {
  STORED_COLUMNS,
  SUMMED_FIELDS,
  monthBounds,
  monthSplit,
  storedMonths,
  sumMonths,
  type MonthItem,
  type PackedMonth,
  type StoredMonth,
} from '../serialize/monthly-sums.js';
import { batchValue, type ImportBatch } from './import-rows.js';
import { RowUpserter } from './row-upserter.js';
import { statementCache } from './statements.js';

const ALL_COLUMNS = PRODUCTION_FIELDS.join(', ');

/** A record to write, in stored units: a member that is absent or null is stored as null. */
export type StoredRecordInput = { date: string } & { [F in ProductionField]?: number | null };

/** A row as read raw: the date, then the asked-for fields in order. */
export type RawRow = [string, ...Array<number | null>];

/**
 * Daily production of a well, in stored (imperial) units. Every write keeps the
 * well's firstProductionDate current and bumps its data_version, inside the same
 * transaction.
 */
export class ProductionRepo {
  private readonly sql: (text: string) => Statement;
  private readonly rows: RowUpserter;

  constructor(private readonly db: Db) {
    this.sql = statementCache(db);
    this.rows = new RowUpserter(db);
  }

  /** Records with `from <= date <= to`, ascending, every field. */
  read(wellSeq: number, from: string, to: string): ProductionRecord[] {
    return this.reader(PRODUCTION_FIELDS).raw(false).all(wellSeq, from, to) as ProductionRecord[];
  }

  /** The same rows as arrays `[date, ...fields]`: no object per row on the hot read path. */
  readRaw(wellSeq: number, from: string, to: string, fields: readonly ProductionField[]): RawRow[] {
    return this.reader(fields).raw(true).all(wellSeq, from, to) as RawRow[];
  }

  /** The packed days of the months holding `from..to` (monthly-sums.ts), ascending. */
  readPacked(wellSeq: number, from: string, to: string): PackedMonth[] {
    return this.sql(
      `SELECT month, days_packed FROM production_days
       WHERE well_seq = ? AND month BETWEEN ? AND ? ORDER BY month`,
    )
      .raw(true)
      .all(wellSeq, from.slice(0, 7), to.slice(0, 7)) as PackedMonth[];
  }

  /**
   * The months of `from..to` (monthly-sums.ts), ascending: a whole month as its stored item
   * in `system`, a month the range cuts short as the sums of its daily rows in the range.
   */
  readMonthly(wellSeq: number, from: string, to: string, system: UnitSystem): MonthItem[] {
    const { head, months, tail } = monthSplit(from, to);
    const out: MonthItem[] = [];
    const daily = this.reader(SUMMED_FIELDS).raw(true);
    if (head) sumMonths(daily.all(wellSeq, head[0], head[1]) as RawRow[], out);
    if (months) {
      const stored = this.sql(
        `SELECT month, ${system === 'metric' ? 'metric' : 'imperial'}_json FROM production_monthly
         WHERE well_seq = ? AND month BETWEEN ? AND ? ORDER BY month`,
      ).raw(true);
      for (const row of stored.all(wellSeq, months[0], months[1]) as StoredMonth[]) out.push(row);
    }
    if (tail) sumMonths(daily.all(wellSeq, tail[0], tail[1]) as RawRow[], out);
    return out;
  }

  /** Replaces whole records (absent members become null), all in one transaction. */
  upsert(
    wellSeq: number,
    records: readonly StoredRecordInput[],
    now = new Date(),
  ): { inserted: number; updated: number } {
    return this.db
      .transaction(() => {
        if (records.length === 0) {
          this.afterWrite(wellSeq, now);
          return { inserted: 0, updated: 0 };
        }
        let first = records[0]!.date;
        let last = first;
        for (const record of records) {
          if (record.date < first) first = record.date;
          if (record.date > last) last = record.date;
        }
        // The rows already stored in the months the request touches, read before writing: with
        // the request's records they are the months' rows after it (monthly-sums.ts), so the
        // rows just written need not be read back, and the dates they lack are the inserted.
        const m = monthStatements(this.db);
        const stored = m.daily.all(wellSeq, ...monthBounds(first, last)) as RawRow[];
        this.rows.write(wellSeq, records.length, (row, params, at) => {
          const r = records[row]!;
          // `?? null`: a member absent from the request replaces the stored value with null.
          params[at + 1] = r.date;
          params[at + 2] = r.oil_rate ?? null;
          params[at + 3] = r.water_rate ?? null;
          params[at + 4] = r.gas_rate ?? null;
          params[at + 5] = r.bhp ?? null;
          params[at + 6] = r.thp ?? null;
          params[at + 7] = r.choke_size ?? null;
          params[at + 8] = r.runtime ?? null;
          params[at + 9] = r.gor ?? null;
          params[at + 10] = r.watercut ?? null;
        });
        const { rows, inserted } = mergeDays(stored, records);
        rewriteMonths(m, wellSeq, first, last, rows);
        this.afterWrite(wellSeq, now);
        return { inserted, updated: records.length - inserted };
      })
      .immediate();
  }

  /**
   * Writes one batch of an import (dates distinct, none seen in earlier batches) and returns how
   * many of its dates were not stored before. Call inside the import's transaction; the stored
   * sums are rewritten afterwards (refreshMonths), once every batch is written, since a month's
   * days may arrive in several batches.
   */
  importBatch(wellSeq: number, batch: ImportBatch): number {
    const stored = this.sql(
      `SELECT count(*) FROM production
       WHERE well_seq = ? AND date IN (SELECT value FROM json_each(?))`,
    )
      .pluck()
      .get(wellSeq, JSON.stringify(batch.dates)) as number;
    this.rows.write(wellSeq, batch.size, (row, params, at) => {
      params[at + 1] = batch.dates[row];
      for (let field = 0; field < 9; field++)
        params[at + 2 + field] = batchValue(batch, row, field);
    });
    return batch.size - stored;
  }

  /** True when the well exists (an import checks, inside its transaction, before writing). */
  hasWell(wellSeq: number): boolean {
    return this.sql('SELECT 1 FROM wells WHERE seq = ?').get(wellSeq) !== undefined;
  }

  /** What every write ends with (afterWrite), for the import's own transaction. */
  finishImport(wellSeq: number, now: Date): void {
    this.afterWrite(wellSeq, now);
  }

  deleteRange(wellSeq: number, from: string, to: string, now = new Date()): number {
    return this.db
      .transaction(() => {
        const { changes } = this.sql(
          'DELETE FROM production WHERE well_seq = ? AND date BETWEEN ? AND ?',
        ).run(wellSeq, from, to);
        if (changes > 0) refreshMonths(this.db, wellSeq, from, to);
        this.afterWrite(wellSeq, now);
        return changes;
      })
      .immediate();
  }

  private reader(fields: readonly ProductionField[]): Statement {
    const columns = fields.length > 0 ? `, ${fields.join(', ')}` : '';
    return this.sql(
      `SELECT date${columns} FROM production
       WHERE well_seq = ? AND date BETWEEN ? AND ? ORDER BY date`,
    );
  }

  private afterWrite(wellSeq: number, now: Date): void {
    // ORDER BY date LIMIT 1 walks the primary key in date order and stops at the first hit.
    const first = this.sql(
      `SELECT date FROM production WHERE well_seq = ?
       AND (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0) ORDER BY date LIMIT 1`,
    )
      .pluck()
      .get(wellSeq) as string | undefined;
    const date = first ?? null;
    this.sql(
      `UPDATE wells SET first_production_date = @date, updated_at = @now
       WHERE seq = @seq AND first_production_date IS NOT @date`,
    ).run({ seq: wellSeq, date, now: now.toISOString() });
    this.sql('UPDATE wells SET data_version = data_version + 1 WHERE seq = ?').run(wellSeq);
  }
}

/**
 * Rewrites the stored sums and packed days of the months holding `first`..`last` from the
 * well's daily rows, in date order (monthly-sums.ts), dropping months left without rows. Call
 * inside the write's transaction. Months are read whole: a write to one day changes its
 * month's sums.
 */
export function refreshMonths(db: Db, wellSeq: number, first: string, last: string): void {
  const m = monthStatements(db);
  const rows = m.daily.all(wellSeq, ...monthBounds(first, last)) as RawRow[];
  rewriteMonths(m, wellSeq, first, last, rows);
}

/** What refreshMonths does, given the months' daily rows (every field, ascending). */
function rewriteMonths(
  m: MonthStatements,
  wellSeq: number,
  first: string,
  last: string,
  rows: readonly RawRow[],
): void {
  m.removeMonths.run(wellSeq, first.slice(0, 7), last.slice(0, 7));
  m.removeDays.run(wellSeq, first.slice(0, 7), last.slice(0, 7));
  insertMonths(m, wellSeq, rows);
}

/**
 * The daily rows after an upsert of `records` over the `stored` rows of their months (every
 * field, ascending), as a read after the write would return them, and how many of the
 * records' dates were not stored before. A later record of the same date replaces an
 * earlier one, as the upserts do; an absent member is null; -0 reads back from SQLite as 0.
 */
export function mergeDays(
  stored: readonly RawRow[],
  records: readonly StoredRecordInput[],
): { rows: RawRow[]; inserted: number } {
  const written = new Map<string, RawRow>();
  for (const record of records) {
    const row: RawRow = [record.date];
    for (const field of PRODUCTION_FIELDS) {
      const value = record[field];
      row.push(value === undefined || value === null ? null : value === 0 ? 0 : value);
    }
    written.set(record.date, row);
  }
  let inserted = written.size;
  const rows: RawRow[] = [];
  for (const row of stored) {
    if (written.has(row[0])) inserted--;
    else rows.push(row);
  }
  for (const row of written.values()) rows.push(row);
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { rows, inserted };
}

/**
 * Fills production_monthly and production_days for every well from scratch (the migration's
 * backfill, the demo seed).
 */
export function rebuildMonthlySums(db: Db): void {
  db.prepare('DELETE FROM production_monthly').run();
  db.prepare('DELETE FROM production_days').run();
  const m = monthStatements(db);
  const wells = db.prepare('SELECT DISTINCT well_seq FROM production').pluck().all() as number[];
  for (const seq of wells) insertMonths(m, seq, m.daily.all(seq, '', '\uffff') as RawRow[]);
}

function insertMonths(m: MonthStatements, wellSeq: number, daily: readonly RawRow[]): void {
  for (const { columns, packed } of storedMonths(daily)) {
    m.insertMonth.run(wellSeq, ...columns);
    m.insertDays.run(wellSeq, columns[0], packed);
  }
}

type MonthStatements = ReturnType<typeof prepareMonthStatements>;

const MONTH_STATEMENTS = new WeakMap<Db, MonthStatements>();

function monthStatements(db: Db): MonthStatements {
  let statements = MONTH_STATEMENTS.get(db);
  if (!statements) {
    statements = prepareMonthStatements(db);
    MONTH_STATEMENTS.set(db, statements);
  }
  return statements;
}

function prepareMonthStatements(db: Db) {
  return {
    removeMonths: db.prepare(
      'DELETE FROM production_monthly WHERE well_seq = ? AND month BETWEEN ? AND ?',
    ),
    removeDays: db.prepare(
      'DELETE FROM production_days WHERE well_seq = ? AND month BETWEEN ? AND ?',
    ),
    daily: db
      .prepare(
        `SELECT date, ${ALL_COLUMNS} FROM production
         WHERE well_seq = ? AND date BETWEEN ? AND ? ORDER BY date`,
      )
      .raw(true),
    insertMonth: db.prepare(
      `INSERT INTO production_monthly (well_seq, month, ${STORED_COLUMNS.join(', ')})
       VALUES (?, ?, ${STORED_COLUMNS.map(() => '?').join(', ')})`,
    ),
    insertDays: db.prepare(
      'INSERT INTO production_days (well_seq, month, days_packed) VALUES (?, ?, ?)',
    ),
  };
}
