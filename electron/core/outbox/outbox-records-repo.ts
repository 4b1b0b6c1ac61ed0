import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CacheDb } from '../cache/migrate.js';
import { decodeBase, encodeBase, type Base, type StoredValues } from './stored-values.js';

/** The records of upsert-records operations (outbox_records), imperial like production. */

export interface OutboxRecord {
  date: string;
  values: StoredValues;
  base: Base;
}

/** A record of one of a well's operations, for the overlay. */
export interface OverlayRecord {
  seq: number;
  date: string;
  values: StoredValues;
}

const FIELDS = PRODUCTION_FIELDS.join(', ');
type RawRow = [string, ...Array<number | null>];

export class OutboxRecordsRepo {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      upsert: db.prepare(
        `INSERT INTO outbox_records (outbox_seq, date, ${FIELDS}, base)
         VALUES (?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')}, ?)
         ON CONFLICT (outbox_seq, date) DO UPDATE SET
         ${PRODUCTION_FIELDS.map((field) => `${field} = excluded.${field}`).join(', ')}`,
      ),
      of: db
        .prepare(
          `SELECT date, ${FIELDS}, base FROM outbox_records WHERE outbox_seq = ? ORDER BY date`,
        )
        .raw(),
      datesIn: db
        .prepare('SELECT date FROM outbox_records WHERE outbox_seq = ? AND date BETWEEN ? AND ?')
        .pluck(),
      overlay: db
        .prepare(
          `SELECT r.outbox_seq, r.date, ${PRODUCTION_FIELDS.map((field) => `r.${field}`).join(', ')}
           FROM outbox o JOIN outbox_records r ON r.outbox_seq = o.seq
           WHERE o.connection_id = ? AND o.well_id = ? AND o.kind = 'upsert-records'
             AND r.date BETWEEN ? AND ?
           ORDER BY o.seq, r.date`,
        )
        .raw(),
      summary: db.prepare(
        'SELECT COUNT(*) AS count, MIN(date) AS "from", MAX(date) AS "to" FROM outbox_records WHERE outbox_seq = ?',
      ),
      setBase: db.prepare('UPDATE outbox_records SET base = ? WHERE outbox_seq = ? AND date = ?'),
      removeRange: db.prepare(
        'DELETE FROM outbox_records WHERE outbox_seq = ? AND date BETWEEN ? AND ?',
      ),
    };
  }

  /** Writes a day's values; an existing row keeps its base (the server's value before the first edit). */
  upsert(seq: number, date: string, values: StoredValues, base: Base): void {
    this.statements.upsert.run(seq, date, ...values, encodeBase(base));
  }

  of(seq: number): OutboxRecord[] {
    return (this.statements.of.all(seq) as Array<[...RawRow, string | null]>).map((row) => ({
      date: row[0],
      values: row.slice(1, 1 + PRODUCTION_FIELDS.length) as StoredValues,
      base: decodeBase(row[1 + PRODUCTION_FIELDS.length] as string | null),
    }));
  }

  datesIn(seq: number, range: DateInterval): string[] {
    return this.statements.datesIn.all(seq, range.from, range.to) as string[];
  }

  /** Every record of a well's upsert operations within the range, oldest operation first. */
  overlay(connectionId: string, wellId: string, range: DateInterval): OverlayRecord[] {
    const rows = this.statements.overlay.all(connectionId, wellId, range.from, range.to) as Array<
      [number, ...RawRow]
    >;
    return rows.map((row) => ({
      seq: row[0],
      date: row[1],
      values: row.slice(2) as StoredValues,
    }));
  }

  summary(seq: number): { count: number; from: string | null; to: string | null } {
    return this.statements.summary.get(seq) as {
      count: number;
      from: string | null;
      to: string | null;
    };
  }

  setBase(seq: number, date: string, base: Base): void {
    this.statements.setBase.run(encodeBase(base), seq, date);
  }

  removeRange(seq: number, range: DateInterval): number {
    return this.statements.removeRange.run(seq, range.from, range.to).changes;
  }
}
