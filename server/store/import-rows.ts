import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { epochDay, isoFromEpochDay } from '#shared/dates/iso-day.js';
import type { StoredRecordInput } from './production-repo.js';

/**
 * Rows an import parses, and writes per statement batch, between two turns of the event loop:
 * 500 keeps each step to a few milliseconds, so other requests wait at most that long
 * (2,000 rows made steps of 100 ms and more on a busy machine).
 */
export const IMPORT_BATCH = 500;

/**
 * Consecutive rows of a validated import in stored units: `values` holds each row's fields in
 * PRODUCTION_FIELDS order (`size × fields`), NaN where the record leaves a field unset (stored
 * as null; a valid value is never NaN).
 */
export interface ImportBatch {
  size: number;
  dates: string[];
  values: Float64Array;
}

/**
 * A whole validated import, every date distinct, read back batch by batch, so the store never
 * holds more than one batch of it: what `ProductionStore.importRows` writes.
 */
export interface ImportRows {
  readonly count: number;
  /** Batches of at most IMPORT_BATCH rows, in the file's order; readable more than once. */
  batches(): Iterable<ImportBatch>;
}

const FIELDS = PRODUCTION_FIELDS.length;
/** On disk a row is its line (uint32), its day since 1970 (int32) and its fields (float64). */
const ROW_BYTES = 8 + FIELDS * 8;

/**
 * The rows of an import as they are validated, in a compact fixed-width form: one batch in
 * memory, the rest in a file of its own (0600, in a fresh 0700 folder under the system's temp
 * folder), so memory stays the same whatever the file's size: 80 bytes a row on disk instead
 * of a few hundred as objects. Also keeps each row's line, for messages about repeated dates.
 * dispose() deletes the file; call it on every path.
 */
export class ImportSpill implements ImportRows {
  private readonly buffer = Buffer.alloc(IMPORT_BATCH * ROW_BYTES);
  private buffered = 0;
  private dir: string | undefined;
  private fd: number | undefined;
  private flushed = 0;

  get count(): number {
    return this.flushed + this.buffered;
  }

  /** Appends a row; `record` holds stored units, a missing or null member is unset. */
  add(line: number, record: StoredRecordInput): void {
    if (this.buffered === IMPORT_BATCH) this.flush();
    let offset = this.buffered * ROW_BYTES;
    this.buffer.writeUInt32LE(line, offset);
    this.buffer.writeInt32LE(epochDay(record.date), offset + 4);
    offset += 8;
    for (const field of PRODUCTION_FIELDS) {
      this.buffer.writeDoubleLE(record[field] ?? Number.NaN, offset);
      offset += 8;
    }
    this.buffered++;
  }

  *batches(): Iterable<ImportBatch> {
    for (const [rows, size] of this.chunks()) {
      const batch: ImportBatch = {
        size,
        dates: new Array<string>(size),
        values: new Float64Array(size * FIELDS),
      };
      for (let row = 0; row < size; row++) {
        const offset = row * ROW_BYTES;
        batch.dates[row] = isoFromEpochDay(rows.readInt32LE(offset + 4));
        for (let field = 0; field < FIELDS; field++) {
          batch.values[row * FIELDS + field] = rows.readDoubleLE(offset + 8 + field * 8);
        }
      }
      yield batch;
    }
  }

  /**
   * The line where each of `dates` first appears (for the messages about repeated dates, on the
   * error path only): one pass over the rows.
   */
  firstLines(dates: ReadonlySet<string>): Map<string, number> {
    const wanted = new Set([...dates].map((date) => epochDay(date)));
    const found = new Map<string, number>();
    for (const [rows, size] of this.chunks()) {
      for (let row = 0; row < size && found.size < wanted.size; row++) {
        const day = rows.readInt32LE(row * ROW_BYTES + 4);
        if (!wanted.has(day)) continue;
        const date = isoFromEpochDay(day);
        if (!found.has(date)) found.set(date, rows.readUInt32LE(row * ROW_BYTES));
      }
    }
    return found;
  }

  dispose(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }

  private flush(): void {
    if (this.fd === undefined) {
      this.dir = mkdtempSync(join(tmpdir(), 'flowline-import-'));
      this.fd = openSync(join(this.dir, 'rows'), 'w+', 0o600);
    }
    const bytes = this.buffered * ROW_BYTES;
    let written = 0;
    while (written < bytes) {
      written += writeSync(
        this.fd,
        this.buffer,
        written,
        bytes - written,
        this.flushed * ROW_BYTES + written,
      );
    }
    this.flushed += this.buffered;
    this.buffered = 0;
  }

  /** The rows as raw chunks of at most IMPORT_BATCH, the file's first and the buffer's last. */
  private *chunks(): Iterable<[Buffer, number]> {
    if (this.fd !== undefined) {
      const chunk = Buffer.alloc(IMPORT_BATCH * ROW_BYTES);
      for (let start = 0; start < this.flushed; start += IMPORT_BATCH) {
        const size = Math.min(IMPORT_BATCH, this.flushed - start);
        const bytes = size * ROW_BYTES;
        let read = 0;
        while (read < bytes) {
          const got = readSync(this.fd, chunk, read, bytes - read, start * ROW_BYTES + read);
          if (got === 0) throw new Error('The import spill file ended early');
          read += got;
        }
        yield [chunk, size];
      }
    }
    if (this.buffered > 0) yield [this.buffer, this.buffered];
  }
}

/**
 * The months an import touched, as a bitmap over every month a calendar date can name (years
 * 1–9999: 120,000 bytes), so tracking them costs the same for two rows as for 500,000.
 */
export class MonthSet {
  private readonly months = new Uint8Array(10_000 * 12);
  private lowest = this.months.length;
  private highest = -1;

  add(date: string): void {
    const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
    this.months[index] = 1;
    if (index < this.lowest) this.lowest = index;
    if (index > this.highest) this.highest = index;
  }

  /**
   * The touched months in ascending runs, each `[first, last]` as `YYYY-MM`, spanning at most
   * `span` months: a store rewrites the stored sums of one run at a time, reading at most
   * `span` months of daily rows, whatever the import's size.
   */
  *runs(span: number): Iterable<[string, string]> {
    let start = -1;
    let end = -1;
    for (let index = this.lowest; index <= this.highest; index++) {
      if (this.months[index] === 0) continue;
      if (start >= 0 && index - start >= span) {
        yield [monthOf(start), monthOf(end)];
        start = -1;
      }
      if (start < 0) start = index;
      end = index;
    }
    if (start >= 0) yield [monthOf(start), monthOf(end)];
  }
}

function monthOf(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months per rewrite of the stored sums during an import (a run's daily rows are read whole). */
export const MONTH_RUN = 60;

/** A row's fields of a batch as the statements bind them: NaN (unset) becomes null. */
export function batchValue(batch: ImportBatch, row: number, field: number): number | null {
  const value = batch.values[row * FIELDS + field]!;
  return Number.isNaN(value) ? null : value;
}
