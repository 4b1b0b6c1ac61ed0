import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS, type ProductionField, type UnitSystem } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import {
  MONTH_COLUMNS,
  SUMMED_FIELDS,
  storedMonths as monthsToStore,
  sumMonths,
  type MonthRow,
} from '../serialize/monthly-sums.js';
import type { RawRow } from '../store/production-repo.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { monthlyColumns, monthlySeriesBody } from '../serialize/monthly-json.js';
import { dailySeriesBody } from '../serialize/series-json.js';

/**
 * The stored monthly sums and packed days (server/serialize/monthly-sums.ts) against the raw
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
/**
 * With huge values too (imperial only: sums overflow to Infinity, as the raw path's do). About
 * the largest the API accepts: a value must still convert to the other unit system, × 6.29 for
 * a liquid rate (bbl/d from m³/d) and × 35.3 for a gas rate (Mscf/d from 10³m³/d).
 */
const bigRateUpTo = (huge: number) =>
  fc.oneof({ weight: 9, arbitrary: rate }, { weight: 1, arbitrary: fc.constant(huge) });
const bigLiquidRate = bigRateUpTo(2.5e307);
const bigGasRate = bigRateUpTo(5e306);
const bounded = (max: number) =>
  fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100),
  );

function recordOf(big: boolean) {
  return fc.record(
    {
      date: day,
      oil_rate: big ? bigLiquidRate : rate,
      water_rate: big ? bigLiquidRate : rate,
      gas_rate: big ? bigGasRate : rate,
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
