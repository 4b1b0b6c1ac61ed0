import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type UnitSystem,
} from '../../shared/api/index.js';
import { addDays } from '../../shared/dates/iso-day.js';
import { openDatabase } from '../store/database.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import {
  MONTH_COLUMNS,
  STORED_COLUMNS,
  SUMMED_FIELDS,
  storedMonths as monthsToStore,
  sumMonths,
  type MonthRow,
} from '../store/monthly-sums.js';
import type { RawRow } from '../store/production-repo.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { testEngine } from '../testing/test-engine.js';
import { monthlyColumns, monthlySeriesBody } from './monthly-json.js';
import { dailySeriesBody } from './series-json.js';

/**
 * The stored monthly sums and packed days (server/store/monthly-sums.ts) against the raw
 * daily rows, on the engine the run is on (`npm run test:pg` runs this file on PostgreSQL):
 * random upserts, range deletes and CSV imports, then monthly reads over random ranges must
 * answer byte for byte what monthlySeriesBody makes from the rows themselves (daily reads
 * what dailySeriesBody makes), and the table
 * must hold exactly the sums of the rows.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const FIRST_DAY = '2019-11-20';
const SPAN = 900; // days: about two and a half years, so ranges cut months and years

const day = fc.integer({ min: 0, max: SPAN }).map((n) => addDays(FIRST_DAY, n));
/** Rates to the hundredth (as stored in practice), any small double, nulls. */
const rate = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 5_000_00 }).map((n) => n / 100) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 0.1, 0.2, 0.3) },
);
/** With huge values too (imperial only: sums overflow to Infinity, as the raw path's do). */
const bigRate = fc.oneof(
  { weight: 9, arbitrary: rate },
  { weight: 1, arbitrary: fc.constant(1e308) },
);
const bounded = (max: number) =>
  fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100),
  );

function recordOf(big: boolean) {
  const r = big ? bigRate : rate;
  return fc.record(
    {
      date: day,
      oil_rate: r,
      water_rate: r,
      gas_rate: r,
      bhp: rate,
      thp: rate,
      choke_size: rate,
      runtime: bounded(24),
      gor: rate,
      watercut: bounded(100),
    },
    // Absent members are stored as null: some records leave some out.
    { requiredKeys: ['date'] },
  );
}

type Input = { date: string } & Partial<Record<ProductionField, number | null>>;

function opOf(big: boolean) {
  const records = fc.uniqueArray(recordOf(big), {
    minLength: 1,
    maxLength: 60,
    selector: (r) => r.date,
  });
  const range = fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string]);
  return fc.oneof(
    records.map((rs) => ({ kind: 'post' as const, records: rs as Input[] })),
    records.map((rs) => ({ kind: 'csv' as const, records: rs as Input[] })),
    range.map(([from, to]) => ({ kind: 'delete' as const, from, to })),
  );
}

/** A read range: from a little before the data to a little after, cutting months anywhere. */
const readRange = fc
  .tuple(
    fc.integer({ min: -40, max: SPAN + 40 }).map((n) => addDays(FIRST_DAY, n)),
    fc.integer({ min: -40, max: SPAN + 40 }).map((n) => addDays(FIRST_DAY, n)),
  )
  .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string]);
const fieldSubset = fc.subarray([...PRODUCTION_FIELDS] as ProductionField[], { minLength: 1 });

function csvOf(records: readonly Input[]): string {
  const lines = [['date', ...PRODUCTION_FIELDS].join(',')];
  for (const r of records) {
    lines.push([r.date, ...PRODUCTION_FIELDS.map((f) => r[f] ?? '')].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function storedMonths(seq: number): Promise<MonthRow[]> {
  const rows = await h.rows(
    `SELECT month, ${MONTH_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
    seq,
  );
  return rows.map((row) => [row.month as string, ...MONTH_COLUMNS.map((c) => row[c] as number)]);
}

describe('stored monthly sums', () => {
  it('answer monthly reads byte-identical to aggregating the raw rows, after any writes', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<UnitSystem>('imperial', 'metric').chain((system) =>
          fc.record({
            system: fc.constant(system),
            ops: fc.array(opOf(system === 'imperial'), { minLength: 1, maxLength: 6 }),
            reads: fc.array(fc.tuple(readRange, fieldSubset), { minLength: 1, maxLength: 4 }),
          }),
        ),
        async ({ system, ops, reads }) => {
          runs++;
          const projectId = await h.project({ name: `P${runs}`, unitSystem: system });
          const wellId = await h.well(projectId, { name: `W${runs}` });
          const base = `/api/v1/projects/${projectId}/wells/${wellId}/production`;
          for (const op of ops) {
            const response =
              op.kind === 'post'
                ? await h.call('POST', base, { body: { records: op.records } })
                : op.kind === 'csv'
                  ? await h.call('POST', `${base}/import`, {
                      body: csvOf(op.records),
                      headers: { 'content-type': 'text/csv' },
                    })
                  : await h.call('DELETE', base, { query: { from: op.from, to: op.to } });
            expect(response.statusCode, response.body).toBe(200);
          }
          const seq = (await h.scalar('SELECT seq FROM wells WHERE id = ?', wellId)) as number;
          const everything = await h.store.production.readRaw(
            seq,
            '0001-01-01',
            '9999-12-31',
            SUMMED_FIELDS,
          );
          expect(await storedMonths(seq)).toEqual(sumMonths(everything as RawRow[]));
          // The packed days: those of the rows as stored, byte for byte.
          const all = await h.store.production.readRaw(
            seq,
            '0001-01-01',
            '9999-12-31',
            PRODUCTION_FIELDS,
          );
          const packed = await h.rows(
            'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
            seq,
          );
          expect(packed.map((row) => [row.month, Buffer.from(row.days_packed as Buffer)])).toEqual(
            monthsToStore(all).map((month) => [month.columns[0], month.packed]),
          );
          for (const [[from, to], fields] of [
            [['0001-01-01', '9999-12-31'], [...PRODUCTION_FIELDS]] as [
              [string, string],
              ProductionField[],
            ],
            ...reads,
          ]) {
            const response = await h.call('GET', base, {
              query: { from, to, aggregation: 'monthly', fields: fields.join(',') },
            });
            expect(response.statusCode, response.body).toBe(200);
            const columns = monthlyColumns(fields);
            const rows = await h.store.production.readRaw(seq, from, to, columns);
            const header = { wellId, from, to, fields: ['date' as const, ...fields] };
            const expected = monthlySeriesBody(header, rows, columns, fields, system);
            expect(response.body, `${from}..${to} ${fields.join(',')}`).toBe(
              expected.toString('utf8'),
            );
            // Daily reads come from the packed months: the same bytes as from the rows.
            const daily = await h.call('GET', base, {
              query: { from, to, fields: fields.join(',') },
            });
            expect(daily.statusCode, daily.body).toBe(200);
            const dailyRows = await h.store.production.readRaw(seq, from, to, fields);
            expect(daily.body, `daily ${from}..${to} ${fields.join(',')}`).toBe(
              dailySeriesBody(header, dailyRows, fields, system).toString('utf8'),
            );
          }
        },
      ),
      { numRuns: h.engine === 'sqlite' ? 40 : 15 },
    );
  });

  it('go with the well when it is deleted', async () => {
    const projectId = await h.project({ name: 'Cascade' });
    const wellId = await h.well(projectId, { name: 'Gone' });
    const base = `/api/v1/projects/${projectId}/wells/${wellId}`;
    const seq = (await h.scalar('SELECT seq FROM wells WHERE id = ?', wellId)) as number;
    const posted = await h.call('POST', `${base}/production`, {
      body: {
        records: [
          { date: '2024-01-05', oil_rate: 1 },
          { date: '2024-03-01', oil_rate: 2 },
        ],
      },
    });
    expect(posted.statusCode).toBe(200);
    const packedMonths = () => h.rows('SELECT month FROM production_days WHERE well_seq = ?', seq);
    expect(await storedMonths(seq)).toHaveLength(2);
    expect(await packedMonths()).toHaveLength(2);
    expect((await h.call('DELETE', base)).statusCode).toBe(204);
    expect(await storedMonths(seq)).toEqual([]);
    expect(await packedMonths()).toEqual([]);
  });
});

describe.runIf(testEngine() === 'sqlite')('SQLite upsert', () => {
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

describe.runIf(testEngine() === 'sqlite')('SQLite migrations 3 and 4', () => {
  it('fill the sums and packed days from the rows already stored', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-monthly-'));
    try {
      const file = join(dir, 'old.db');
      oldDatabase(file, 2).close();
      const db = openDatabase(file);
      for (const seq of [1, 2]) {
        const all = db
          .prepare(
            `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          )
          .raw(true)
          .all(seq) as RawRow[];
        const packed = db
          .prepare(
            'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
          )
          .raw(true)
          .all(seq);
        expect(packed).toEqual(monthsToStore(all).map((m) => [m.columns[0], m.packed]));
        const rows = db
          .prepare(
            `SELECT date, ${SUMMED_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          )
          .raw(true)
          .all(seq) as RawRow[];
        const stored = db
          .prepare(
            `SELECT month, ${MONTH_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
          )
          .raw(true)
          .all(seq);
        expect(stored.length).toBeGreaterThan(5);
        expect(stored).toEqual(sumMonths(rows));
      }
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testEngine() === 'sqlite')('SQLite migration 4', () => {
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
        const all = old
          .prepare(
            `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production WHERE well_seq = ? ORDER BY date`,
          )
          .raw(true)
          .all(seq) as RawRow[];
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
          db
            .prepare(
              `SELECT month, ${STORED_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = ? ORDER BY month`,
            )
            .raw(true)
            .all(seq),
        ).toEqual(months.map((m) => m.columns));
        expect(
          db
            .prepare(
              'SELECT month, days_packed FROM production_days WHERE well_seq = ? ORDER BY month',
            )
            .raw(true)
            .all(seq),
        ).toEqual(months.map((m) => [m.columns[0], m.packed]));
      }
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
