import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
} from '../../shared/api/index.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

const ALL_COLUMNS = PRODUCTION_FIELDS.join(', ');

/**
 * Daily production of a well, in stored (imperial) units. Every write keeps the
 * well's firstProductionDate current inside the same transaction.
 */
export class ProductionRepo {
  private readonly upsertRow;
  private readonly existingDates;
  private readonly firstProduction;
  private readonly setFirstProduction;
  /** One prepared statement per field list asked for (at most 2^9, in practice a handful). */
  private readonly readers = new Map<string, Statement>();

  constructor(private readonly db: Db) {
    this.upsertRow = db.prepare(
      `INSERT INTO production (well_seq, date, ${ALL_COLUMNS})
       VALUES (@wellSeq, @date, ${PRODUCTION_FIELDS.map((f) => `@${f}`).join(', ')})
       ON CONFLICT (well_seq, date) DO UPDATE SET
       ${PRODUCTION_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}`,
    );
    this.existingDates = db
      .prepare('SELECT date FROM production WHERE well_seq = ? AND date BETWEEN ? AND ?')
      .pluck();
    // ORDER BY date LIMIT 1 walks the primary key in date order and stops at the first hit.
    this.firstProduction = db
      .prepare(
        `SELECT date FROM production WHERE well_seq = ?
         AND (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0) ORDER BY date LIMIT 1`,
      )
      .pluck();
    this.setFirstProduction = db.prepare(
      `UPDATE wells SET first_production_date = @date, updated_at = @now
       WHERE seq = @seq AND first_production_date IS NOT @date`,
    );
  }

  /** Records with `from <= date <= to`, ascending, with only the asked-for fields. */
  read(
    wellSeq: number,
    from: string,
    to: string,
    fields: readonly ProductionField[] = PRODUCTION_FIELDS,
  ): ProductionRecord[] {
    const columns = fields.join(', ');
    let reader = this.readers.get(columns);
    if (!reader) {
      reader = this.db.prepare(
        `SELECT date${columns ? `, ${columns}` : ''} FROM production
         WHERE well_seq = ? AND date BETWEEN ? AND ? ORDER BY date`,
      );
      this.readers.set(columns, reader);
    }
    return reader.all(wellSeq, from, to) as ProductionRecord[];
  }

  /** Replaces whole records (absent members become null), all in one transaction. */
  upsert(
    wellSeq: number,
    records: readonly ProductionRecord[],
    now = new Date(),
  ): { inserted: number; updated: number } {
    return this.db
      .transaction(() => {
        let first = records[0]?.date ?? '';
        let last = first;
        for (const record of records) {
          if (record.date < first) first = record.date;
          if (record.date > last) last = record.date;
        }
        const existing = new Set(this.existingDates.all(wellSeq, first, last) as string[]);
        let updated = 0;
        for (const record of records) {
          if (existing.has(record.date)) updated++;
          this.upsertRow.run({ ...record, wellSeq });
        }
        this.refreshFirstProduction(wellSeq, now);
        return { inserted: records.length - updated, updated };
      })
      .immediate();
  }

  deleteRange(wellSeq: number, from: string, to: string, now = new Date()): number {
    return this.db
      .transaction(() => {
        const { changes } = this.db
          .prepare('DELETE FROM production WHERE well_seq = ? AND date BETWEEN ? AND ?')
          .run(wellSeq, from, to);
        this.refreshFirstProduction(wellSeq, now);
        return changes;
      })
      .immediate();
  }

  private refreshFirstProduction(wellSeq: number, now: Date): void {
    const date = (this.firstProduction.get(wellSeq) as string | undefined) ?? null;
    this.setFirstProduction.run({ seq: wellSeq, date, now: now.toISOString() });
  }
}
