import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { epochDay } from '#shared/dates/iso-day.js';
import type { DateInterval } from './date-intervals.js';
import type { CacheDb } from './migrate.js';

/**
 * A well's server rows packed by calendar year (cache migration 10), so a chart's read
 * of twenty years is twenty blobs copied into typed arrays instead of 7,300 rows of ten
 * values each made into JavaScript values by better-sqlite3.
 *
 * Format 1 of a year's `body` (little-endian, as every platform Electron runs on):
 *   bytes 0–3   row count n (Uint32)
 *   bytes 4–7   field count, 9 (Uint32)
 *   then        n epoch days (Int32), ascending, padded to a multiple of 8 bytes
 *   then        per field of PRODUCTION_FIELDS, n values (Float64), NaN for null
 * The cache never holds NaN (SQLite stores a NaN REAL as NULL, and the API's values are
 * finite), so NaN ↔ null is exact.
 *
 * Staying current: ProductionRepo, the cache's one writer of rows, repacks the years it
 * changed inside its own transaction (`repackWritten`); triggers on `production` mark the
 * year of every row anything else inserts, updates or deletes dirty in the same
 * transaction (a cascade, raw SQL), and a read repacks any dirty year of its range before
 * decoding it. A well read before it was ever packed is packed whole.
 */

export const PACKED_FORMAT = 1;
const FIELD_COUNT = PRODUCTION_FIELDS.length;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A well's days as columns: epoch days, and one Float64Array per field (NaN for null). */
export interface PackedDaily {
  days: Int32Array;
  /** PRODUCTION_FIELDS order. */
  columns: Float64Array[];
}

type Row = readonly [string, ...Array<number | null>];

export class ProductionPacked {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    if (!LITTLE_ENDIAN) throw new Error('The packed production store needs a little-endian CPU.');
    const fields = PRODUCTION_FIELDS.join(', ');
    this.statements = {
      isPacked: db
        .prepare(
          'SELECT format FROM production_packed_wells WHERE connection_id = ? AND well_id = ?',
        )
        .pluck(),
      markPacked: db.prepare(
        `INSERT INTO production_packed_wells (connection_id, well_id, format) VALUES (?, ?, ?)
         ON CONFLICT (connection_id, well_id) DO UPDATE SET format = excluded.format`,
      ),
      dirtyYears: db
        .prepare(
          `SELECT year FROM production_packed_dirty
           WHERE connection_id = ? AND well_id = ? AND year BETWEEN ? AND ?`,
        )
        .pluck(),
      anyDirty: db
        .prepare(
          `SELECT 1 FROM production_packed_dirty
           WHERE connection_id = ? AND well_id = ? AND year BETWEEN ? AND ? LIMIT 1`,
        )
        .pluck(),
      clearDirtyYear: db.prepare(
        'DELETE FROM production_packed_dirty WHERE connection_id = ? AND well_id = ? AND year = ?',
      ),
      clearDirtyWell: db.prepare(
        'DELETE FROM production_packed_dirty WHERE connection_id = ? AND well_id = ?',
      ),
      dropYears: db.prepare(
        'DELETE FROM production_packed WHERE connection_id = ? AND well_id = ?',
      ),
      dropYear: db.prepare(
        'DELETE FROM production_packed WHERE connection_id = ? AND well_id = ? AND year = ?',
      ),
      putYear: db.prepare(
        `INSERT INTO production_packed (connection_id, well_id, year, row_count, body)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (connection_id, well_id, year) DO UPDATE
         SET row_count = excluded.row_count, body = excluded.body`,
      ),
      rows: db
        .prepare(
          `SELECT date, ${fields} FROM production
           WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
        )
        .raw(),
      years: db
        .prepare(
          `SELECT year, row_count, body FROM production_packed
           WHERE connection_id = ? AND well_id = ? AND year BETWEEN ? AND ? ORDER BY year`,
        )
        .raw(),
      wellExists: db.prepare('SELECT 1 FROM wells WHERE connection_id = ? AND id = ?').pluck(),
    };
  }

  /**
   * The well's server rows in the range as columns: from the packed years, after packing
   * whatever is not packed or dirty. If the cache cannot be written (read-only, disk
   * full), the rows are read and packed in memory instead, never from a stale year.
   */
  read(connectionId: string, wellId: string, range: DateInterval): PackedDaily {
    const first = yearOf(range.from);
    const last = yearOf(range.to);
    try {
      this.ensureCurrent(connectionId, wellId, first, last);
    } catch (error) {
      if (!isWriteFailure(error)) throw error;
      return packRows(this.rowsOf(connectionId, wellId, range.from, range.to));
    }
    const stored = this.statements.years.all(connectionId, wellId, first, last) as Array<
      [number, number, Buffer]
    >;
    return decodeYears(stored, epochDay(range.from), epochDay(range.to));
  }

  /**
   * After `replaceRange` wrote exactly `rows` over `range`, changing the rows of the years
   * `written` (the triggers stand aside while it writes), repacks those and any dirty year
   * of the well. A year the range
   * covers whole holds just its rows of `rows` now, so it is packed from them without
   * reading it back (SQLite gives back what it was given, but −0, which it stores as the
   * integer 0, and NaN, which it stores as NULL: both packed as it reads them). Other dirty
   * years (a range's partial first and last years) are read from the table.
   */
  repackWritten(
    connectionId: string,
    wellId: string,
    range: DateInterval,
    rows: readonly Row[],
    written: ReadonlySet<number>,
  ): void {
    if (this.statements.isPacked.get(connectionId, wellId) !== PACKED_FORMAT) return;
    const dirty = this.statements.dirtyYears.all(connectionId, wellId, -1e9, 1e9) as number[];
    const years = [...new Set([...dirty, ...written])].sort((a, b) => a - b);
    const ascending = rows.every((row, i) => i === 0 || (rows[i - 1] as Row)[0] < row[0]);
    let at = 0;
    for (const year of years) {
      const y = String(year).padStart(4, '0');
      if (!ascending || range.from > `${y}-01-01` || range.to < `${y}-12-31`) {
        this.repackYear(connectionId, wellId, year);
        continue;
      }
      while (at < rows.length && (rows[at] as Row)[0] < `${y}-01-01`) at++;
      let end = at;
      while (end < rows.length && (rows[end] as Row)[0] <= `${y}-12-31`) end++;
      if (end === at) this.statements.dropYear.run(connectionId, wellId, year);
      else this.putYear(connectionId, wellId, year, rows.slice(at, end).map(asStored));
      this.statements.clearDirtyYear.run(connectionId, wellId, year);
      at = end;
    }
  }

  private ensureCurrent(connectionId: string, wellId: string, first: number, last: number) {
    const packed = this.statements.isPacked.get(connectionId, wellId) === PACKED_FORMAT;
    if (packed && !this.statements.anyDirty.get(connectionId, wellId, first, last)) return;
    this.db
      .transaction(() => {
        if (!packed) {
          this.packWell(connectionId, wellId);
          return;
        }
        const years = this.statements.dirtyYears.all(connectionId, wellId, first, last) as number[];
        for (const year of years) this.repackYear(connectionId, wellId, year);
      })
      .immediate();
  }

  /** Packs every year of the well from its rows and marks it packed. */
  private packWell(connectionId: string, wellId: string): void {
    // A well not in the cache (a read before its first fetch) has nothing to pack or mark.
    if (!this.statements.wellExists.get(connectionId, wellId)) return;
    const rows = this.rowsOf(connectionId, wellId, '0000-01-01', '9999-12-31');
    this.statements.dropYears.run(connectionId, wellId);
    let start = 0;
    while (start < rows.length) {
      const year = (rows[start] as Row)[0].slice(0, 4);
      let end = start + 1;
      while (end < rows.length && (rows[end] as Row)[0].startsWith(year)) end++;
      this.putYear(connectionId, wellId, Number(year), rows.slice(start, end));
      start = end;
    }
    this.statements.clearDirtyWell.run(connectionId, wellId);
    this.statements.markPacked.run(connectionId, wellId, PACKED_FORMAT);
  }

  private repackYear(connectionId: string, wellId: string, year: number): void {
    const y = String(year).padStart(4, '0');
    const rows = this.rowsOf(connectionId, wellId, `${y}-01-01`, `${y}-12-31`);
    if (rows.length === 0) this.statements.dropYear.run(connectionId, wellId, year);
    else this.putYear(connectionId, wellId, year, rows);
    this.statements.clearDirtyYear.run(connectionId, wellId, year);
  }

  private putYear(connectionId: string, wellId: string, year: number, rows: readonly Row[]) {
    this.statements.putYear.run(connectionId, wellId, year, rows.length, encodeYear(rows));
  }

  private rowsOf(connectionId: string, wellId: string, from: string, to: string): Row[] {
    return this.statements.rows.all(connectionId, wellId, from, to) as Row[];
  }
}

/** A row as SQLite gives it back: −0 as 0 (stored as an integer), NaN and absent as null. */
function asStored(row: Row): Row {
  const out: [string, ...Array<number | null>] = [row[0]];
  for (let f = 0; f < FIELD_COUNT; f++) {
    const value = row[f + 1] as number | null | undefined;
    out.push(
      value === undefined || value === null || value !== value ? null : value === 0 ? 0 : value,
    );
  }
  return out;
}

/** `rows` (date, then the nine fields) as one year's body, format 1. */
export function encodeYear(rows: readonly Row[]): Buffer {
  const n = rows.length;
  const valuesAt = align8(8 + 4 * n);
  const bytes = Buffer.alloc(valuesAt + 8 * FIELD_COUNT * n);
  const buffer = bytes.buffer;
  const header = new Uint32Array(buffer, bytes.byteOffset, 2);
  header[0] = n;
  header[1] = FIELD_COUNT;
  // Buffer.alloc above the pool size is its own aligned ArrayBuffer; copy through one anyway.
  const days = new Int32Array(n);
  const values = new Float64Array(FIELD_COUNT * n);
  for (let r = 0; r < n; r++) {
    const row = rows[r] as Row;
    days[r] = epochDay(row[0]);
    for (let f = 0; f < FIELD_COUNT; f++) {
      const value = row[f + 1] as number | null | undefined;
      values[f * n + r] = value === null || value === undefined ? NaN : value;
    }
  }
  bytes.set(new Uint8Array(days.buffer), 8);
  bytes.set(new Uint8Array(values.buffer), valuesAt);
  return bytes;
}

/** Rows already read (date, then the nine fields) as columns, without the store. */
export function packRows(rows: readonly Row[]): PackedDaily {
  const n = rows.length;
  const days = new Int32Array(n);
  const columns = PRODUCTION_FIELDS.map(() => new Float64Array(n));
  for (let r = 0; r < n; r++) {
    const row = rows[r] as Row;
    days[r] = epochDay(row[0]);
    for (let f = 0; f < FIELD_COUNT; f++) {
      const value = row[f + 1] as number | null | undefined;
      (columns[f] as Float64Array)[r] = value === null || value === undefined ? NaN : value;
    }
  }
  return { days, columns };
}

/** The stored years (ascending) cut to [fromDay, toDay], into one set of columns. */
function decodeYears(
  stored: ReadonlyArray<[number, number, Buffer]>,
  fromDay: number,
  toDay: number,
): PackedDaily {
  const parts: Array<{ body: Buffer; n: number; start: number; end: number }> = [];
  let total = 0;
  for (const [, n, body] of stored) {
    const days = readDays(body, n);
    const start = lowerBound(days, fromDay);
    const end = lowerBound(days, toDay + 1);
    if (end > start) {
      parts.push({ body, n, start, end });
      total += end - start;
    }
  }
  const days = new Int32Array(total);
  const columns = PRODUCTION_FIELDS.map(() => new Float64Array(total));
  const dayBytes = new Uint8Array(days.buffer);
  const columnBytes = columns.map((column) => new Uint8Array(column.buffer));
  let at = 0;
  for (const { body, n, start, end } of parts) {
    const count = end - start;
    const source = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    dayBytes.set(source.subarray(8 + 4 * start, 8 + 4 * end), 4 * at);
    const valuesAt = align8(8 + 4 * n);
    for (let f = 0; f < FIELD_COUNT; f++) {
      const offset = valuesAt + 8 * (f * n + start);
      (columnBytes[f] as Uint8Array).set(source.subarray(offset, offset + 8 * count), 8 * at);
    }
    at += count;
  }
  return { days, columns };
}

/** The epoch days of a body, as a view when aligned, else a copy. */
function readDays(body: Buffer, n: number): Int32Array {
  const offset = body.byteOffset + 8;
  if (offset % 4 === 0) return new Int32Array(body.buffer, offset, n);
  const copy = new Int32Array(n);
  new Uint8Array(copy.buffer).set(body.subarray(8, 8 + 4 * n));
  return copy;
}

function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] as number) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function align8(bytes: number): number {
  return (bytes + 7) & ~7;
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** A write refused because the cache is read-only or the disk is full. */
function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_READONLY') ||
      code === 'SQLITE_FULL' ||
      code.startsWith('SQLITE_IOERR'))
  );
}
