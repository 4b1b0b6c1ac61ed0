import { describe, expect, it } from 'vitest';
import { rateAt, type DeclineModel } from '#shared/decline/index.js';
import { DAY_MS } from '../series.js';
import { curvePoints, extendedWindow, outlierPoints } from './curve-points.js';

const model: DeclineModel = { kind: 'hyperbolic', qi: 1000, di: 1.5, b: 0.8 };
const t0 = 19_000;

describe('the decline curve on the rates chart', () => {
  it('samples the model from its day 0 across the window, about two points per pixel column', () => {
    const window = { from: 18_900, to: 19_900 };
    const points = curvePoints(model, t0, { from: t0, to: 19_500 }, window, 250);
    expect(points[0]).toEqual({ x: t0 * DAY_MS, y: 1000 });
    expect(points.at(-1)).toEqual({ x: 19_500 * DAY_MS, y: rateAt(model, 500) });
    // 1,000 days over 250 columns: 2 samples per column is 0.5 per day, about 250 on 500 days.
    expect(points.length).toBeGreaterThanOrEqual(250);
    expect(points.length).toBeLessThanOrEqual(252);
    for (const point of points)
      expect(point.y).toBeCloseTo(rateAt(model, point.x / DAY_MS - t0), 9);
  });

  it('draws only the part inside the window, and nothing before day 0', () => {
    const zoomed = curvePoints(
      model,
      t0,
      { from: t0, to: 20_000 },
      { from: 19_100, to: 19_200 },
      100,
    );
    expect(zoomed[0]?.x).toBe(19_100 * DAY_MS);
    expect(zoomed.at(-1)?.x).toBe(19_200 * DAY_MS);
    expect(
      curvePoints(model, t0, { from: 18_000, to: 18_500 }, { from: 18_000, to: 19_000 }, 100),
    ).toEqual([]);
  });

  it('marks the window’s producing points far off the curve as outliers, not the scatter', () => {
    const x: number[] = [];
    const values: Array<number | null> = [];
    for (let day = t0; day < t0 + 200; day++) {
      x.push(day);
      const wobble = 1 + 0.05 * Math.sin(day);
      values.push(
        day === t0 + 50
          ? rateAt(model, 50) * 8
          : day === t0 + 60
            ? 0
            : rateAt(model, day - t0) * wobble,
      );
    }
    const marks = outlierPoints(model, t0, { from: t0, to: t0 + 199 }, { x, values });
    expect(marks).toEqual([{ x: (t0 + 50) * DAY_MS, y: rateAt(model, 50) * 8 }]);
    // Outside the fit window nothing is marked.
    expect(outlierPoints(model, t0, { from: t0 + 100, to: t0 + 199 }, { x, values })).toEqual([]);
  });

  it('widens the time axis to the chosen forecast horizon, never past the forecast’s end', () => {
    const range = { from: 18_000, to: 19_500 };
    const forecast = { startDay: 19_400, endDay: 25_000.4 };
    expect(extendedWindow(range, forecast, 1826)).toEqual({ from: 18_000, to: 19_400 + 1826 });
    expect(extendedWindow(range, forecast, null)).toEqual({ from: 18_000, to: 25_001 });
    expect(extendedWindow(range, { startDay: 19_400, endDay: 19_450 }, 1826)).toEqual(range);
    expect(extendedWindow(range, null, 1826)).toBe(range);
  });

  it('by default gives the forecast at most a third of the axis, whatever the range', () => {
    const forecast = { startDay: 19_400, endDay: 40_000 };
    for (const from of [19_035, 17_574, 12_000]) {
      const range = { from, to: 19_400 };
      const axis = extendedWindow(range, forecast, 'share');
      const share = (axis.to - forecast.startDay) / (axis.to - axis.from);
      expect(share).toBeGreaterThan(0.33);
      expect(share).toBeLessThanOrEqual(1 / 3 + 1e-3);
    }
    // A zoomed-in range still shows 90 days of where the curve goes; a short forecast whole.
    expect(extendedWindow({ from: 19_380, to: 19_400 }, forecast, 'share').to).toBe(19_490);
    expect(
      extendedWindow({ from: 18_000, to: 19_400 }, { startDay: 19_400, endDay: 19_420 }, 'share')
        .to,
    ).toBe(19_420);
  });
});
