import type { Statement } from 'better-sqlite3';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { Db } from './database.js';

/** Rows per statement: 100 rows × 11 parameters, well under SQLite's 32,766. */
export const ROWS_PER_STATEMENT = 100;
const COLUMNS = 2 + PRODUCTION_FIELDS.length;

/**
 * Upserts production rows many to a statement. better-sqlite3 pays a fixed cost per `run` (a call
 * into C++, binding, a step, a reset) as large as SQLite's own work for a row of eleven numbers,
 * so a 10,000-row write runs 100 statements of 100 rows rather than 10,000 of one. SQLite applies
 * a multi-row upsert row by row in order, so a date given twice ends as its last record, exactly
 * as one statement per row would leave it.
 */
export class RowUpserter {
  private readonly bySize = new Map<number, Statement>();
  /** One reused parameter array per statement size: no allocation per row. */
  private readonly params = new Map<number, unknown[]>();

  constructor(private readonly db: Db) {}

  /**
   * Writes `count` rows; `fill(row, params, at)` puts row `row`'s date and nine values in stored
   * units (null where absent) at `params[at + 1 … at + 10]` (the well's seq goes at `at`).
   */
  write(
    wellSeq: number,
    count: number,
    fill: (row: number, params: unknown[], at: number) => void,
  ): void {
    for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
      const size = Math.min(ROWS_PER_STATEMENT, count - start);
      const params = this.paramsOf(size);
      for (let row = 0; row < size; row++) {
        params[row * COLUMNS] = wellSeq;
        fill(start + row, params, row * COLUMNS);
      }
      this.statementOf(size).run(params);
    }
  }

  private paramsOf(size: number): unknown[] {
    let params = this.params.get(size);
    if (!params) this.params.set(size, (params = new Array<unknown>(size * COLUMNS)));
    return params;
  }

  private statementOf(size: number): Statement {
    let statement = this.bySize.get(size);
    if (!statement) {
      const row = `(${new Array(COLUMNS).fill('?').join(', ')})`;
      statement = this.db.prepare(
        `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
         VALUES ${new Array(size).fill(row).join(', ')}
         ON CONFLICT (well_seq, date) DO UPDATE SET
         ${PRODUCTION_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}`,
      );
      this.bySize.set(size, statement);
    }
    return statement;
  }
}
