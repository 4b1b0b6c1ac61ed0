import { describe, expect, it } from 'vitest';
import type { ProductionRecord } from '../api/index.js';
import { aggregateMonthly, emptyRecord } from './monthly.js';

function day(date: string, values: Partial<ProductionRecord>): ProductionRecord {
  return { ...emptyRecord(date), ...values };
}

describe('aggregateMonthly', () => {
  it('means rates over reported days and dates each month on its first day', () => {
    const months = aggregateMonthly([
      day('2024-01-05', { oil_rate: 100, runtime: 24 }),
      day('2024-01-06', { oil_rate: 50, runtime: 12 }),
      day('2024-01-07', { oil_rate: null, runtime: null }),
      day('2024-02-10', { oil_rate: 30 }),
    ]);
    expect(months.map((m) => m.date)).toEqual(['2024-01-01', '2024-02-01']);
    expect(months[0]?.oil_rate).toBe(75);
    expect(months[0]?.runtime).toBe(18);
    expect(months[1]?.oil_rate).toBe(30);
    expect(months[1]?.runtime).toBeNull();
  });

  it('computes GOR and watercut from the sums over days where both are present', () => {
    const [month] = aggregateMonthly([
      // gas 500 Mscf over oil 100 + 400 bbl where both present → 1000 × 500 / 500 = 1000 scf/bbl
      day('2023-03-01', { oil_rate: 100, gas_rate: 200, water_rate: 100 }),
      day('2023-03-02', { oil_rate: 400, gas_rate: 300, water_rate: null }),
      day('2023-03-03', { oil_rate: null, gas_rate: 999, water_rate: 50 }),
    ]);
    expect(month?.gor).toBe(1000);
    // watercut only over 03-01: 100 × 100 / (100 + 100) = 50
    expect(month?.watercut).toBe(50);
    // The gor and watercut members of the daily records are not used.
    expect(month?.gas_rate).toBeCloseTo((200 + 300 + 999) / 3, 12);
  });

  it('gives null where the denominator is zero (a shut-in month)', () => {
    const [month] = aggregateMonthly([
      day('2023-05-01', { oil_rate: 0, gas_rate: 0, water_rate: 0, runtime: 0 }),
      day('2023-05-02', { oil_rate: 0, gas_rate: 0, water_rate: 0, runtime: 0 }),
    ]);
    expect(month).toMatchObject({ oil_rate: 0, gor: null, watercut: null, runtime: 0 });
  });

  it('returns a month of nulls for a month whose records carry no values', () => {
    expect(aggregateMonthly([emptyRecord('2022-12-31')])).toEqual([emptyRecord('2022-12-01')]);
  });

  it('returns nothing for no records', () => {
    expect(aggregateMonthly([])).toEqual([]);
  });
});
