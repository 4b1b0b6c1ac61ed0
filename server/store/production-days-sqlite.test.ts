import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { openDatabase, type Db } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import {
  MONTH_COLUMNS,
  STORED_COLUMNS,
  SUMMED_FIELDS,
  storedMonths as monthsToStore,
  sumMonths,
} from '../serialize/monthly-sums.js';
import type { RawRow } from './production-repo.js';
import { createHarness, type Harness } from '../testing/harness.js';

/**
 * What only SQLite has of the monthly sums and packed days: its upsert's merge of the stored
 * months (-0 reads back as 0 there), and its migrations 3 and 4 over databases that already
 * hold rows. The engine-neutral checks are in server/routes/production-monthly.test.ts,
 * which `npm run test:pg` runs on PostgreSQL too; PostgreSQL's own migrations are tested in
 * server/store/postgres/.
 */

/** A well's rows of `sql` (one `?`, the well's seq), as arrays. */
function rowsOf(db: Db, sql: string, seq: number): unknown[][] {
  return db.prepare(sql).raw(true).all(seq) as unknown[][];
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('SQLite upsert', () => {
  it('packs the days as they read back after the write (-0 reads back as 0)', async () => {
    const projectId = await h.project({ name: 'Minus zero' });
    const wellId = await h.well(projectId, { name: 'Z' });
    const seq = (await h.scalar('SELECT seq FROM wells WHERE id = ?', wellId)) as number;
    await h.store.production.upsert(seq, [
      { date: '2024-01-03', oil_rate: 2, water_rate: 1.5 },
      { date: '2024-02-01', oil_rate: 1 },
    ]);
    // Over a stored month, out of date order, with -0.
    const result = await h.store.production.upsert(seq, [
      { date: '2024-01-02', oil_rate: -0, water_rate: 1.5 },
      { date: '2024-01-01', gas_rate: -0 },
      { date: '2024-01-03', bhp: 7 },
    ]);
    expect(result).toEqual({ inserted: 2, updated: 1 });
    const all = await h.store.production.readRaw(
      seq,
      '2024-01-01',
      '2024-12-31',
      PRODUCTION_FIELDS,
    );
    expect(all.map((row) => row[0])).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-01-03',
      '2024-02-01',
    ]);
    expect(Object.is(all[1]![1], 0)).toBe(true);
    const packed = await h.rows(
      'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
      seq,
    );
    expect(packed.map((row) => [row.month, row.days_packed])).toEqual(
      monthsToStore(all).map((month) => [month.columns[0], month.packed]),
    );
  });
});

/** A database at schema version `version` with 500 daily rows over two wells. */
function oldDatabase(file: string, version: number) {
  const old = openDatabase(file, MIGRATIONS.slice(0, version));
  old.exec(`INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
      VALUES ('p', 'P', '', 'UTC', 'imperial', 'x', 'x')`);
  for (const seq of [1, 2]) {
    old
      .prepare(
        `INSERT INTO wells (seq, id, project_id, name, name_key, type, status, created_at, updated_at)
           VALUES (?, ?, 'p', ?, ?, 'producer', 'active', 'x', 'x')`,
      )
      .run(seq, `w${seq}`, `W${seq}`, `w${seq}`);
  }
  const insert = old.prepare(
    `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
       VALUES (?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')})`,
  );
  for (let i = 0; i < 500; i++) {
    const values = PRODUCTION_FIELDS.map((_, f) =>
      (i * 7 + f) % 5 === 0 ? null : (i % 97) / 10 + f,
    );
    insert.run((i % 2) + 1, addDays('2023-01-15', i), ...values);
  }
  return old;
}

describe('SQLite migrations 3 and 4', () => {
  it('fill the sums and packed days from the rows already stored', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-monthly-'));
    try {
      const file = join(dir, 'old.db');
      oldDatabase(file, 2).close();
      const db = openDatabase(file);
      for (const seq of [1, 2]) {
        const all = rowsOf(
          db,
          `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          seq,
        ) as RawRow[];
        const packed = rowsOf(
          db,
          'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
          seq,
        );
        expect(packed).toEqual(monthsToStore(all).map((m) => [m.columns[0], m.packed]));
        const rows = rowsOf(
          db,
          `SELECT date, ${SUMMED_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          seq,
        ) as RawRow[];
        const stored = rowsOf(
          db,
          `SELECT month, ${MONTH_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
          seq,
        );
        expect(stored.length).toBeGreaterThan(5);
        expect(stored).toEqual(sumMonths(rows));
      }
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite migration 4', () => {
  it('moves the packed days stored in production_monthly to production_days as they are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-days-'));
    try {
      const file = join(dir, 'old.db');
      const old = oldDatabase(file, 3);
      // Version 3 kept each month's packed days in its sums row.
      const insert = old.prepare(
        `INSERT INTO production_monthly (well_seq, month, ${STORED_COLUMNS.join(', ')}, days_packed)
         VALUES (?, ?, ${STORED_COLUMNS.map(() => '?').join(', ')}, ?)`,
      );
      const expected = new Map<number, ReturnType<typeof monthsToStore>>();
      for (const seq of [1, 2]) {
        const all = rowsOf(
          old,
          `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          seq,
        ) as RawRow[];
        const months = monthsToStore(all);
        for (const { columns, packed } of months) insert.run(seq, ...columns, packed);
        expected.set(seq, months);
      }
      old.close();
      const db = openDatabase(file);
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck();
      expect(columns.all('production_monthly')).not.toContain('days_packed');
      for (const seq of [1, 2]) {
        const months = expected.get(seq)!;
        expect(months.length).toBeGreaterThan(5);
        expect(
          rowsOf(
            db,
            `SELECT month, ${STORED_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
            seq,
          ),
        ).toEqual(months.map((m) => m.columns));
        expect(
          rowsOf(
            db,
            'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
            seq,
          ),
        ).toEqual(months.map((m) => [m.columns[0], m.packed]));
      }
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
