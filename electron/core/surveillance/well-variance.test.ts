import { describe, expect, it } from 'vitest';
import { epochDay } from '#shared/dates/iso-day.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { StreamSeries } from '../decline/well-series.js';
import { wellVariance } from './well-variance.js';

/** Days from `start`, one rate each (null: no record that day). */
function series(start: string, rates: Array<number | null>): StreamSeries {
  const dates = rates.map((_, i) => addDays(start, i));
  return { dates, days: dates.map(epochDay), rates };
}

// An exponential decline of 10 %/yr nominal from 100 bbl/d on the anchor day.
const MODEL = { kind: 'exponential' as const, qi: 100, di: 0.1 };
const expected = (t: number) => 100 * Math.exp((-0.1 / 365.25) * t);

describe('a well against its forecast', () => {
  it('sums the window’s actual and forecast volumes day by day, and dates the fall-off', () => {
    const anchor = '2025-01-01';
    // 40 days on the curve, then 10 days at 60 % of it, with a day without a record.
    const rates: Array<number | null> = [];
    for (let t = 0; t < 50; t++) rates.push(t < 40 ? expected(t) : 0.6 * expected(t));
    rates[45] = null;
    const result = wellVariance(series(anchor, rates), MODEL, epochDay(anchor), 30, 0.1)!;
    // The last 30 days with a record: days 19–49 without day 45.
    const days = [...Array(31).keys()].map((i) => 19 + i).filter((t) => t !== 45);
    const forecast = days.reduce((sum, t) => sum + expected(t), 0);
    const actual = days.reduce((sum, t) => sum + (t < 40 ? 1 : 0.6) * expected(t), 0);
    expect(result.from).toBe(addDays(anchor, 19));
    expect(result.to).toBe(addDays(anchor, 49));
    expect(result.days).toBe(30);
    expect(result.forecast).toBeCloseTo(forecast, 9);
    expect(result.actual).toBeCloseTo(actual, 9);
    expect(result.volumeVariance).toBeCloseTo(actual - forecast, 9);
    expect(result.percentVariance).toBeCloseTo((100 * (actual - forecast)) / forecast, 9);
    expect(result.divergedSince).toBe(addDays(anchor, 40));
  });

  it('follows a fall-off that began before the window back to its first day', () => {
    const anchor = '2025-01-01';
    const rates = [...Array(50).keys()].map((t) => (t < 20 ? 1 : 0.5) * expected(t));
    const result = wellVariance(series(anchor, rates), MODEL, epochDay(anchor), 7, 0.1)!;
    expect(result.from).toBe(addDays(anchor, 43));
    expect(result.divergedSince).toBe(addDays(anchor, 20));
  });

  it('says nothing diverges when the last day is within the tolerance', () => {
    const anchor = '2025-01-01';
    const rates = [...Array(20).keys()].map((t) => (t === 10 ? 0.5 : 0.95) * expected(t));
    const result = wellVariance(series(anchor, rates), MODEL, epochDay(anchor), 30, 0.1)!;
    expect(result.divergedSince).toBeNull();
    expect(result.days).toBe(20);
  });

  it('leaves out days before the anchor, and has nothing to say without them', () => {
    const result = wellVariance(
      series('2024-12-01', [50, 50]),
      MODEL,
      epochDay('2025-01-01'),
      30,
      0.1,
    );
    expect(result).toBeNull();
  });
});
