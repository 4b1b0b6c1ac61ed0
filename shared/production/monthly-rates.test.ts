import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductionRecord } from '../api/index.js';
import type { Column, DailyColumns } from './columns.js';
import { epochDay } from './dates.js';
import { aggregateMonthly, emptyRecord } from './monthly.js';
import { monthlyRates } from './monthly-rates.js';

type Row = [
  date: string,
  oil: number | null,
  gas: number | null,
  water: number | null,
  runtime: number | null,
];

function columns(rows: Row[]): DailyColumns {
  return {
    dates: rows.map((r) => r[0]),
    values: {
      oil_rate: rows.map((r) => r[1]),
      gas_rate: rows.map((r) => r[2]),
      water_rate: rows.map((r) => r[3]),
      runtime: rows.map((r) => r[4]),
    },
  };
}

// Range 2024-01-15 .. 2024-03-10: it cuts January and March; February 2024 is leap.
//
// date        oil   gas   water  runtime  producing?
// 2024-01-14  999   999   999    24       outside the range: ignored
// 2024-01-15  100   200   10     24       yes (runtime > 0)
// 2024-01-16  0     0     0      0        no  (shut in)
// 2024-01-17  null  null  null   null     no  (nothing reported)
// (01-18 … 01-30 have no rows)            missing days
// 2024-01-31  60    90    20     12       yes (a partial day is a day)
//   January: volumes oil 160, gas 290, water 30; calendar days in range 15..31 = 17; producing 2
// 2024-02-01  58    0     0      null     yes (no runtime; oil > 0)
// 2024-02-02  0     0     0      null     no  (no runtime; every rate 0)
// 2024-02-29  0     0     29     0        yes (runtime says 0 but water flowed)
//   February: volumes oil 58, gas 0, water 29; calendar days 29 (leap); producing 2
// 2024-03-01  0     0     0      0        no
// 2024-03-10  0     0     0      0        no
//   March: volumes 0, 0, 0; calendar days in range 1..10 = 10; producing 0
// 2024-03-11  999   999   999    24       outside the range: ignored
const daily = {
  ...columns([
    ['2024-01-14', 999, 999, 999, 24],
    ['2024-01-15', 100, 200, 10, 24],
    ['2024-01-16', 0, 0, 0, 0],
    ['2024-01-17', null, null, null, null],
    ['2024-01-31', 60, 90, 20, 12],
    ['2024-02-01', 58, 0, 0, null],
    ['2024-02-02', 0, 0, 0, null],
    ['2024-02-29', 0, 0, 29, 0],
    ['2024-03-01', 0, 0, 0, 0],
    ['2024-03-10', 0, 0, 0, 0],
    ['2024-03-11', 999, 999, 999, 24],
  ]),
  from: '2024-01-15',
  to: '2024-03-10',
};

describe('monthlyRates, calendar-day', () => {
  it('divides each month’s volume by its calendar days inside the range', () => {
    expect(monthlyRates(daily, 'calendar-day')).toEqual({
      basis: 'calendar-day',
      dates: ['2024-01-01', '2024-02-01', '2024-03-01'],
      days: [17, 29, 10],
      values: {
        oil_rate: [160 / 17, 58 / 29, 0], // 9.41…, 2, 0
        gas_rate: [290 / 17, 0, 0],
        water_rate: [30 / 17, 29 / 29, 0],
      },
    });
  });

  it('divides a whole non-leap February by 28', () => {
    const result = monthlyRates(
      { ...columns([['2023-02-10', 28, null, null, null]]), from: '2023-01-01', to: '2023-12-31' },
      'calendar-day',
    );
    expect(result.days).toEqual([28]);
    expect(result.values.oil_rate).toEqual([1]); // 28 bbl over 28 days
    expect(result.values.gas_rate).toEqual([null]); // nothing reported: unknown, not 0
  });
});

describe('monthlyRates, producing-day', () => {
  it('divides each month’s volume by its producing days; a shut-in month has no rate', () => {
    expect(monthlyRates(daily, 'producing-day')).toEqual({
      basis: 'producing-day',
      dates: ['2024-01-01', '2024-02-01', '2024-03-01'],
      days: [2, 2, 0],
      values: {
        oil_rate: [80, 29, null], // 160 / 2, 58 / 2
        gas_rate: [145, 0, null], // 290 / 2, 0 / 2
        water_rate: [15, 14.5, null], // 30 / 2, 29 / 2
      },
    });
  });

  it('decides producing days from the rates alone when there is no runtime column', () => {
    // 2022-06-01 oil 30 (producing), 06-02 oil 0 (not), 06-03 oil 10 (producing): 40 / 2 = 20
    const result = monthlyRates(
      {
        dates: ['2022-06-01', '2022-06-02', '2022-06-03'],
        values: { oil_rate: [30, 0, 10] },
        from: '2022-06-01',
        to: '2022-06-30',
      },
      'producing-day',
    );
    expect(result).toEqual({
      basis: 'producing-day',
      dates: ['2022-06-01'],
      days: [2],
      values: { oil_rate: [20] },
    });
  });
});

describe('monthlyRates against the API mean', () => {
  it('differs from it: the API divides by reported days', () => {
    // January above: reported oil values 100, 0, 60 → API mean 160 / 3 = 53.3…,
    // while calendar-day is 160 / 17 and producing-day 160 / 2.
    const records: ProductionRecord[] = daily.dates.slice(1, 5).map((date, i) => ({
      ...emptyRecord(date),
      oil_rate: (daily.values.oil_rate as Column)[i + 1] ?? null,
    }));
    expect(aggregateMonthly(records)[0]?.oil_rate).toBeCloseTo(160 / 3, 12);
  });
});

describe('monthlyRates, edge cases', () => {
  it('has no month for a month without rows, and nothing for no rows', () => {
    const result = monthlyRates(
      {
        ...columns([
          ['2024-01-05', 1, 1, 1, 24],
          ['2024-03-05', 1, 1, 1, 24],
        ]),
        from: '2024-01-01',
        to: '2024-03-31',
      },
      'calendar-day',
    );
    expect(result.dates).toEqual(['2024-01-01', '2024-03-01']);
    const empty = monthlyRates(
      { dates: [], values: {}, from: '2024-01-01', to: '2024-12-31' },
      'calendar-day',
    );
    expect(empty).toEqual({ basis: 'calendar-day', dates: [], days: [], values: {} });
  });

  it('conserves volume: Σ rate × days is the sum of the daily rates in range', () => {
    const day = 86_400_000;
    const rate = fc.option(fc.integer({ min: 0, max: 1000 }), { freq: 3 });
    const row = fc.record({
      skip: fc.integer({ min: 1, max: 20 }),
      oil: rate,
      runtime: fc.option(fc.constantFrom(0, 12, 24), { freq: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 60 }),
        fc.constantFrom('calendar-day', 'producing-day' as const),
        (rows, basis) => {
          let n = epochDay('2023-11-20');
          const dates: string[] = [];
          for (const r of rows) {
            n += r.skip;
            dates.push(new Date(n * day).toISOString().slice(0, 10));
          }
          const oil = rows.map((r) => r.oil);
          const result = monthlyRates(
            {
              dates,
              values: { oil_rate: oil, runtime: rows.map((r) => r.runtime) },
              from: dates[0] as string,
              to: dates.at(-1) as string,
            },
            basis,
          );
          const volume = oil.reduce<number>((s, v) => s + (v ?? 0), 0);
          const rates = result.values.oil_rate ?? [];
          const recovered = rates.reduce<number>(
            (s, v, i) => s + (v ?? 0) * (result.days[i] as number),
            0,
          );
          expect(recovered).toBeCloseTo(volume, 6);
        },
      ),
    );
  });
});
