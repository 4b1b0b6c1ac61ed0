import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/iso-day.js';
import {
  CHANGE_DAYS,
  SPARKLINE_DAYS,
  percentChange,
  screeningFigures,
  sparklinePaths,
  type DailyRates,
} from './screening.js';

/** `days` consecutive days ending on `last`, each stream's rate from its function. */
function daily(
  last: string,
  days: number,
  rate: (day: number) => { oil: number | null; gas: number | null; water: number | null },
): DailyRates {
  const dates: string[] = [];
  const oil: Array<number | null> = [];
  const gas: Array<number | null> = [];
  const water: Array<number | null> = [];
  for (let day = 0; day < days; day++) {
    dates.push(addDays(last, day - days + 1));
    const r = rate(day);
    oil.push(r.oil);
    gas.push(r.gas);
    water.push(r.water);
  }
  return { dates, rates: { oil, gas, water } };
}

describe('percentChange', () => {
  it('is the change in percent of the earlier rate', () => {
    expect(percentChange(80, 100)).toBe(-20);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(0, 40)).toBe(-100);
  });

  it('has no value without a positive base or without a latest rate', () => {
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(10, null)).toBeNull();
    expect(percentChange(null, 10)).toBeNull();
  });
});

describe('screeningFigures', () => {
  it('takes the last producing day and compares it with the producing day 30 days before', () => {
    // 120 days; oil falls by 1 bbl/d a day from 200, gas is flat, water rises by 2 a day.
    const series = daily('2025-06-30', 120, (day) => ({
      oil: 200 - day,
      gas: 500,
      water: 10 + 2 * day,
    }));
    const figures = screeningFigures(series);
    expect(figures.lastProductionDate).toBe('2025-06-30');
    expect(figures.latest).toEqual({ oil: 81, gas: 500, water: 248 });
    expect(figures.previousDate).toBe(addDays('2025-06-30', -CHANGE_DAYS));
    expect(figures.previous).toEqual({ oil: 111, gas: 500, water: 188 });
    expect(figures.change.oil).toBeCloseTo(((81 - 111) / 111) * 100, 10);
    expect(figures.change.gas).toBe(0);
    expect(figures.change.water).toBeCloseTo(((248 - 188) / 188) * 100, 10);
  });

  it('skips trailing shut-in days and a reference day that did not produce', () => {
    // Producing until day 99 of 120, then shut in (zeros); day 69 (30 before) is shut in too.
    const series = daily('2025-06-30', 120, (day) => {
      const shut = day >= 100 || day === 69;
      return { oil: shut ? 0 : 100, gas: shut ? 0 : 300, water: shut ? 0 : 5 };
    });
    const figures = screeningFigures(series);
    expect(figures.lastProductionDate).toBe(addDays('2025-06-30', -20));
    // The reference is the producing day before the shut-in one.
    expect(figures.previousDate).toBe(addDays('2025-06-30', -51));
    expect(figures.change).toEqual({ oil: 0, gas: 0, water: 0 });
  });

  it('gives no change where the window holds no earlier producing day', () => {
    const figures = screeningFigures(
      daily('2025-06-30', 20, () => ({ oil: 50, gas: 0, water: 1 })),
    );
    expect(figures.lastProductionDate).toBe('2025-06-30');
    expect(figures.previousDate).toBeNull();
    expect(figures.change).toEqual({ oil: null, gas: null, water: null });
  });

  it('gives nothing for a well with no producing day', () => {
    const figures = screeningFigures(
      daily('2025-06-30', 40, () => ({ oil: 0, gas: null, water: 0 })),
    );
    expect(figures.lastProductionDate).toBeNull();
    expect(figures.sparkline.oil).toEqual([]);
    expect(screeningFigures({ dates: [], rates: { oil: [], gas: [], water: [] } }).latest).toEqual({
      oil: null,
      gas: null,
      water: null,
    });
  });

  it('lays the sparkline out day by day, missing days as null, ending at the last producing day', () => {
    // 120 days, every 10th day missing from the rows, oil = the day's number.
    const full = daily('2025-06-30', 120, (day) => ({ oil: day, gas: 1, water: 1 }));
    const keep = full.dates.map((_, i) => i % 10 !== 5);
    const pick = <T>(values: readonly T[]) => values.filter((_, i) => keep[i]);
    const series: DailyRates = {
      dates: pick(full.dates),
      rates: {
        oil: pick(full.rates.oil),
        gas: pick(full.rates.gas),
        water: pick(full.rates.water),
      },
    };
    const { sparkline } = screeningFigures(series);
    expect(sparkline.oil).toHaveLength(SPARKLINE_DAYS);
    // Slot 0 is day 30 (2025-06-30 minus 89 days); day 35 is missing.
    expect(sparkline.oil[0]).toBe(30);
    expect(sparkline.oil[5]).toBeNull();
    expect(sparkline.oil[SPARKLINE_DAYS - 1]).toBe(119);
  });
});

describe('sparklinePaths', () => {
  it('scales from zero to the highest rate, breaking the line at missing days', () => {
    expect(sparklinePaths([10, 5, null, 0, 10], 40, 10)).toEqual(['0,0 10,5', '30,10 40,0']);
  });

  it('draws only zeros along the bottom and nothing for no values', () => {
    expect(sparklinePaths([0, 0], 10, 8)).toEqual(['0,8 10,8']);
    expect(sparklinePaths([null, null], 10, 8)).toEqual([]);
  });
});
