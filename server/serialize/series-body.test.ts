import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
} from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { aggregateMonthly } from '#shared/production/monthly.js';
import type { RawRow } from '../store/production-repo.js';
import { JsonBytes, MAX_NUMBER_BYTES } from './json-bytes.js';
import { monthlyColumns, monthlySeriesBody } from './monthly-json.js';
import { rawRowsToApi, recordsToApi } from '../routes/representation.js';
import { PACKED_WIDTH, packDays, type PackedMonth } from './monthly-sums.js';
import { dailySeriesBody, packedDailyBody } from './series-json.js';

/** Values as they are stored: mostly a few decimals (the integer path), any double, nulls. */
const decimal = fc
  .tuple(fc.integer({ min: -1e9, max: 1e12 }), fc.integer({ min: 0, max: 7 }))
  .map(([n, k]) => n / 10 ** k);
const number = fc.oneof(
  decimal,
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, 1e-6, 1e-7, 0.1 + 0.2, 999999999999999.9, 1e15, 1e21, 5e-324),
);
const value = fc.oneof(fc.constant(null), number);
const system = fc.constantFrom('imperial' as const, 'metric' as const);
const fields = fc.subarray([...PRODUCTION_FIELDS] as ProductionField[]);

function written(write: (out: JsonBytes) => void): string {
  const out = new JsonBytes();
  out.start();
  write(out);
  return out.finish().toString('utf8');
}

/** Rows for consecutive days from a start date, so months fill, split and end part-way. */
const dailyRows = fc
  .record({
    start: fc.integer({ min: 0, max: 400 }),
    gap: fc.integer({ min: 1, max: 9 }),
    values: fc.array(fc.array(value, { minLength: 9, maxLength: 9 }), { maxLength: 80 }),
  })
  .map(({ start, gap, values }) =>
    values.map((row, i) => {
      const record = { date: addDays('2023-11-20', start + Math.floor(i / gap) * gap + i) };
      PRODUCTION_FIELDS.forEach((field, f) => Object.assign(record, { [field]: row[f] }));
      return record as ProductionRecord;
    }),
  );

const header = (names: readonly ProductionField[]) => ({
  wellId: 'wel_"é"',
  from: '2023-01-01',
  to: '2031-12-31',
  fields: ['date' as const, ...names],
});

const rawRows = (records: readonly ProductionRecord[], columns: readonly ProductionField[]) =>
  records.map((record) => [record.date, ...columns.map((field) => record[field])] as RawRow);

describe('JsonBytes numbers', () => {
  it('writes every number (and null) exactly as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.oneof(value, fc.constantFrom(Infinity, -Infinity, NaN)), (input) => {
        const text = written((out) => {
          out.reserve(MAX_NUMBER_BYTES);
          out.numberOrNull(input);
        });
        expect(text).toBe(JSON.stringify(input));
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes hundredths by the fast lane, and any other number, as JSON.stringify does', () => {
    const hundredths = fc.integer({ min: 0, max: 2e15 }).map((n) => n / 100);
    // Below 1e7 the lane writes words from tables: every length of integer part, with and
    // without hundredths.
    const small = fc
      .tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 1e9 }))
      .map(([digits, n]) => (n % 10 ** (digits + 2)) / 100);
    fc.assert(
      fc.property(
        fc.oneof(
          hundredths,
          small,
          number,
          fc.constantFrom(
            1e13 - 0.01,
            0.01,
            0.1,
            9.99,
            10,
            99.99,
            100.1,
            1e7 - 0.01,
            1e7,
            1e7 + 0.01,
            123456.7,
          ),
        ),
        (input) => {
          const text = written((out) => {
            out.reserve(MAX_NUMBER_BYTES);
            out.hundredthsOrNumber(input);
          });
          expect(text).toBe(JSON.stringify(input));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('JsonBytes hundredths tables', () => {
  it('writes every hundredth up to 10,100 and across each four-digit boundary as String() does', () => {
    // Every table entry (the plain words below 10,000, every fraction), then the padded low
    // words of larger numbers: every low part after 1 to 999 ten-thousands, each fraction.
    const scaled: number[] = [];
    for (let n = 1; n <= 1_010_000; n++) scaled.push(n);
    for (let high = 1; high < 1_000; high += 37)
      for (let low = 0; low < 10_000; low += 7)
        scaled.push((high * 10_000 + low) * 100 + (low % 100));
    const out = new JsonBytes();
    const wrong: string[] = [];
    for (const n of scaled) {
      const value = n / 100;
      out.start();
      out.reserve(MAX_NUMBER_BYTES);
      out.hundredthsOrNumber(value);
      const text = out.finish().toString('latin1');
      if (text !== String(value)) wrong.push(`${String(value)} → ${text}`);
      if (wrong.length > 5) break;
    }
    expect(wrong).toEqual([]);
  });
});

describe('series bodies', () => {
  it('daily: byte-identical to JSON.stringify of the items, any fields, both unit systems', () => {
    fc.assert(
      fc.property(dailyRows, fields, system, (records, names, units) => {
        const rows = rawRows(records, names);
        const { wellId, from, to, fields: heading } = header(names);
        const expected = JSON.stringify({
          wellId,
          from,
          to,
          aggregation: 'daily',
          fields: heading,
          data: rawRowsToApi(rows, names, units),
        });
        const body = dailySeriesBody(header(names), rows, names, units);
        expect(body.toString('utf8')).toBe(expected);
        expect(body.equals(Buffer.from(expected, 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('daily from packed months: the same bytes as from the rows, for any range within them', () => {
    const cut = fc.tuple(fc.nat(100), fc.nat(100));
    fc.assert(
      fc.property(dailyRows, fields, system, cut, (records, names, units, [skip, keep]) => {
        fc.pre(records.length > 0);
        const all = rawRows(records, [...PRODUCTION_FIELDS]);
        const months: PackedMonth[] = [];
        for (let start = 0; start < all.length;) {
          const month = all[start]![0].slice(0, 7);
          let end = start;
          while (end < all.length && all[end]![0].startsWith(month)) end++;
          months.push([month, packDays(all, start, end)]);
          start = end;
        }
        expect(months.every(([, packed]) => packed.length % (PACKED_WIDTH * 8) === 0)).toBe(true);
        // A range from any day to any later day (the months holding it, as the read returns).
        const first = Math.min(skip, all.length - 1);
        const last = Math.min(first + keep, all.length - 1);
        const from = all[first]![0];
        const to = all[last]![0];
        const held = months.filter(
          ([month]) => month >= from.slice(0, 7) && month <= to.slice(0, 7),
        );
        const head = { ...header(names), from, to };
        const expected = dailySeriesBody(
          head,
          rawRows(records.slice(first, last + 1), names),
          names,
          units,
        );
        expect(packedDailyBody(head, held, names, units).equals(expected)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('monthly: byte-identical to JSON.stringify of aggregateMonthly, reading only the columns it needs', () => {
    fc.assert(
      fc.property(dailyRows, fields, system, (records, names, units) => {
        const { wellId, from, to, fields: heading } = header(names);
        const expected = JSON.stringify({
          wellId,
          from,
          to,
          aggregation: 'monthly',
          fields: heading,
          data: recordsToApi(aggregateMonthly(records), names, units),
        });
        const columns = monthlyColumns(names);
        const body = monthlySeriesBody(
          header(names),
          rawRows(records, columns),
          columns,
          names,
          units,
        );
        expect(body.toString('utf8')).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes a date that is not plain ASCII as JSON.stringify does', () => {
    const rows: RawRow[] = [
      ['2024-01-0"1', 1.5],
      ['2024-01-é\n', null],
    ];
    const names: ProductionField[] = ['oil_rate'];
    const { wellId, from, to, fields: heading } = header(names);
    const expected = JSON.stringify({
      wellId,
      from,
      to,
      aggregation: 'daily',
      fields: heading,
      data: rawRowsToApi(rows, names, 'imperial'),
    });
    expect(dailySeriesBody(header(names), rows, names, 'imperial').toString('utf8')).toBe(expected);
  });

  it('monthly: reads the inputs of a ratio even when they are not asked for', () => {
    expect(monthlyColumns(['gor'])).toEqual(['oil_rate', 'gas_rate']);
    expect(monthlyColumns(['watercut', 'bhp'])).toEqual(['oil_rate', 'water_rate', 'bhp']);
    expect(monthlyColumns([])).toEqual([]);
  });
});
