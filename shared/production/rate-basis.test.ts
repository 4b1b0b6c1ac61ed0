import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/iso-day.js';
import { DEFAULT_RATE_BASIS, isRateBasis, producingDayAverage } from './rate-basis.js';
import { screeningFigures, type DailyRates } from './screening.js';

/** Consecutive days ending on `last`, one value per stream per day. */
function series(
  last: string,
  oil: ReadonlyArray<number | null>,
  gas: ReadonlyArray<number | null> = oil.map(() => null),
): DailyRates {
  const dates = oil.map((_, day) => addDays(last, day - oil.length + 1));
  return { dates, rates: { oil, gas, water: oil.map(() => null) } };
}

describe('the latest rates on each basis', () => {
  it('a last day that is a one-day spike: the averages say what the well makes', () => {
    // 40 days to 2024-06-30: 20 bbl/d, shut in (0) on days 35 and 36, then one day of 173.5.
    const oil = Array.from({ length: 40 }, (_, day) =>
      day === 39 ? 173.5 : day === 35 || day === 36 ? 0 : 20,
    );
    const gas = oil.map(() => 50);
    const figures = screeningFigures(series('2024-06-30', oil, gas));

    expect(figures.lastProductionDate).toBe('2024-06-30');
    expect(figures.latest.oil).toBe(173.5);
    // The last 7 producing days skip the two shut-in days: 173.5 and six days of 20.
    expect(figures.averages['avg-7'].oil).toBeCloseTo((173.5 + 6 * 20) / 7, 10); // 41.93
    // The last 30: 173.5 and 29 days of 20.
    expect(figures.averages['avg-30'].oil).toBeCloseTo((173.5 + 29 * 20) / 30, 10); // 25.12
    // Gas flowed on all 40 days, shut-in days included, at 50.
    expect(figures.averages['avg-7'].gas).toBe(50);
    expect(figures.averages['avg-30'].gas).toBe(50);
    // No water record at all: no average, as no last-day rate.
    expect(figures.averages['avg-30'].water).toBeNull();
    expect(figures.latest.water).toBeNull();
  });

  it('averages the producing days there are, within the 90 days to the last producing day', () => {
    // 120 days: 1,000 bbl/d on the first 30 (more than 90 days before the last producing day),
    // then nothing until 3 days of 30, 60 and 90 at the end.
    const oil = Array.from({ length: 120 }, (_, day) =>
      day < 30 ? 1000 : day >= 117 ? 30 * (day - 116) : null,
    );
    const figures = screeningFigures(series('2025-03-31', oil));
    expect(figures.averages['avg-7'].oil).toBe(60);
    expect(figures.averages['avg-30'].oil).toBe(60);
  });

  it('ends at the last producing day: trailing days without production do not count', () => {
    const oil = [10, 20, 30, 0, 0, null];
    const figures = screeningFigures(series('2025-01-06', oil));
    expect(figures.lastProductionDate).toBe('2025-01-03');
    expect(figures.latest.oil).toBe(30);
    expect(figures.averages['avg-7'].oil).toBe(20);
  });

  it('has no averages for a well with no producing day', () => {
    const figures = screeningFigures(series('2025-01-06', [0, null, 0]));
    expect(figures.averages).toEqual({
      'avg-7': { oil: null, gas: null, water: null },
      'avg-30': { oil: null, gas: null, water: null },
    });
  });
});

describe('producingDayAverage', () => {
  it('takes the last `days` values above zero between the two indexes', () => {
    const values = [5, null, 7, 0, 9, 11];
    expect(producingDayAverage(values, 0, 5, 2)).toBe(10);
    expect(producingDayAverage(values, 0, 5, 3)).toBe(9);
    expect(producingDayAverage(values, 0, 3, 7)).toBe(6);
    expect(producingDayAverage(values, 3, 3, 7)).toBeNull();
  });
});

describe('the bases', () => {
  it('defaults to the 30-producing-day average and knows its own names', () => {
    expect(DEFAULT_RATE_BASIS).toBe('avg-30');
    expect(isRateBasis('avg-7')).toBe(true);
    expect(isRateBasis('avg-90')).toBe(false);
    expect(isRateBasis(null)).toBe(false);
  });
});
