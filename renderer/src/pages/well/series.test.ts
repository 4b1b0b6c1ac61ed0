import { describe, expect, it } from 'vitest';
import { epochDay } from '#shared/production/index.js';
import { cachedWindowSeries, DAY_MS, hasValueIn, windowSeries } from './series.js';

const start = epochDay('2020-01-01');
function days(n: number): number[] {
  return Array.from({ length: n }, (_, i) => start + i);
}
const all = (n: number) => ({ from: start, to: start + n - 1 });

describe('windowSeries', () => {
  it('keeps a single shut-in day among thousands, as a gap on a log axis', () => {
    const values = Array.from({ length: 7300 }, (_, i) => (i === 4000 ? 0 : 100 - i / 100));
    const base = { x: days(7300), values, window: all(7300), columns: 500, maxStep: 1 };
    const linear = windowSeries({ ...base, logScale: false });
    expect(linear.length).toBeLessThanOrEqual(2 * 500 + 2);
    expect(linear.some((point) => point.y === 0)).toBe(true);
    const log = windowSeries({ ...base, logScale: true });
    expect(log.some((point) => point.y === 0)).toBe(false);
    expect(log.some((point) => point.y === null)).toBe(true);
  });

  it('places points on real dates (epoch ms)', () => {
    const points = windowSeries({
      x: days(3),
      values: [1, 2, 3],
      window: all(3),
      columns: 100,
      logScale: false,
      maxStep: 1,
    });
    expect(points.map((point) => new Date(point.x).toISOString().slice(0, 10))).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
    ]);
  });

  it('re-reduces a zoomed window: every day shows once the window fits the width', () => {
    const values = Array.from({ length: 3650 }, (_, i) => 50 + Math.sin(i));
    const base = { x: days(3650), values, columns: 200, logScale: false, maxStep: 1 };
    const whole = windowSeries({ ...base, window: all(3650) });
    const zoomed = windowSeries({ ...base, window: { from: start + 1000, to: start + 1099 } });
    expect(whole.length).toBeLessThanOrEqual(402);
    expect(zoomed).toHaveLength(100);
    expect(zoomed[0]?.x).toBe((start + 1000) * DAY_MS);
    expect(zoomed[99]?.y).toBe(values[1099]);
  });
});

describe('cachedWindowSeries', () => {
  it('returns the same points for the same column and window, new ones when the window moves', () => {
    const values = [1, 2, 3, 4];
    const request = {
      x: days(4),
      values,
      window: all(4),
      columns: 10,
      logScale: false,
      maxStep: 1,
    };
    const first = cachedWindowSeries(request);
    expect(cachedWindowSeries({ ...request })).toBe(first);
    expect(cachedWindowSeries({ ...request, window: { from: start, to: start + 1 } })).toHaveLength(
      2,
    );
  });
});

describe('hasValueIn', () => {
  it('looks only inside the window, and ignores zeros on log scales', () => {
    const x = days(4);
    expect(hasValueIn(x, [null, 0, null, 5], { from: start, to: start + 2 }, false)).toBe(true);
    expect(hasValueIn(x, [null, 0, null, 5], { from: start, to: start + 2 }, true)).toBe(false);
  });
});
