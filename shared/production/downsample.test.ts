import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleMinMax, type DownsampleOptions } from './downsample.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('downsampleMinMax, worked examples', () => {
  it('keeps each column’s min, max and first gap in x order, and both ends', () => {
    // x      0  1  2  3     4  5  6  7  8  9      2 columns: span 9, column = floor(x × 2 / 9)
    // y      5  3  8  null  1  9  2  2  7  4      → x 0..4 in column 0, x 5..9 in column 1
    // column 0: first (0, 5), max (2, 8), gap (3, null), min (4, 1)   [3 at x 1 is neither]
    // column 1: max (5, 9), min (6, 2) (the first of equals), last (9, 4)
    const result = downsampleMinMax(range(10), [5, 3, 8, null, 1, 9, 2, 2, 7, 4], 2);
    expect(result).toEqual({
      x: [0, 2, 3, 4, 5, 6, 9],
      y: [5, 8, null, 1, 9, 2, 4],
      index: [0, 2, 3, 4, 5, 6, 9],
    });
  });

  it('keeps a single shut-in day and a single spike among a thousand', () => {
    const y = range(1000).map(() => 100);
    y[417] = 0; // shut in for a day
    y[733] = 5000; // a one-day spike
    const result = downsampleMinMax(range(1000), y, 50);
    expect(result.y).toContain(0);
    expect(result.y).toContain(5000);
    expect(result.index).toContain(417);
    expect(result.index).toContain(733);
    expect(result.x.length).toBeLessThanOrEqual(2 * 50 + 2);
  });

  it('on a log scale, turns the shut-in day into a gap instead of log(0)', () => {
    const y = range(1000).map(() => 100);
    y[417] = 0;
    const result = downsampleMinMax(range(1000), y, 50, { positiveOnly: true });
    expect(result.y).not.toContain(0);
    expect(result.y).toContain(null);
    expect(result.index[result.y.indexOf(null)]).toBe(417);
  });

  it('returns a series that already fits whole, with zeros as gaps when positiveOnly', () => {
    expect(downsampleMinMax([0, 1, 2], [3, null, 0], 2)).toEqual({
      x: [0, 1, 2],
      y: [3, null, 0],
      index: [0, 1, 2],
    });
    expect(downsampleMinMax([0, 1, 2], [3, -1, 0], 2, { positiveOnly: true }).y).toEqual([
      3,
      null,
      null,
    ]);
  });

  it('breaks the line over missing days with maxStep', () => {
    // Days 0, 1, 2, then 5: days 3 and 4 are missing → a gap at day 3 (= 2 + maxStep).
    expect(downsampleMinMax([0, 1, 2, 5, 6], [1, 2, 3, 4, 5], 10, { maxStep: 1 })).toEqual({
      x: [0, 1, 2, 3, 5, 6],
      y: [1, 2, 3, null, 4, 5],
      index: [0, 1, 2, -1, 3, 4],
    });
  });

  it('treats NaN and infinities as gaps', () => {
    expect(downsampleMinMax([0, 1, 2], [NaN, Infinity, 1], 5).y).toEqual([null, null, 1]);
  });

  it('handles no points, one point, and a width under one pixel', () => {
    expect(downsampleMinMax([], [], 100)).toEqual({ x: [], y: [], index: [] });
    expect(downsampleMinMax([7], [1], 100)).toEqual({ x: [7], y: [1], index: [0] });
    const result = downsampleMinMax(range(100), range(100), 0);
    expect(result.index).toEqual([0, 99]); // first (= min) and last (= max)
  });

  it('rejects x and y of different lengths', () => {
    expect(() => downsampleMinMax([0, 1], [1], 10)).toThrow(RangeError);
  });
});

/** The series as the function sees it: points and maxStep gaps, in x order, with their column. */
interface StreamPoint {
  x: number;
  y: number | null;
  index: number;
  column: number;
}

function stream(
  x: number[],
  y: Array<number | null>,
  columns: number,
  options: DownsampleOptions,
): StreamPoint[] {
  const cols = Math.max(1, Math.floor(columns));
  const x0 = x[0] as number;
  const span = (x.at(-1) as number) - x0;
  const scale = span > 0 ? cols / span : 0;
  const columnOf = (px: number) => Math.min(cols - 1, Math.max(0, Math.floor((px - x0) * scale)));
  const gap = (v: number | null) =>
    v === null || !Number.isFinite(v) || (options.positiveOnly === true && v <= 0);
  const points: StreamPoint[] = [];
  x.forEach((px, i) => {
    const step = options.maxStep ?? Infinity;
    if (i > 0 && px - (x[i - 1] as number) > step) {
      const gx = (x[i - 1] as number) + step;
      points.push({ x: gx, y: null, index: -1, column: columnOf(gx) });
    }
    const v = y[i] ?? null;
    points.push({ x: px, y: gap(v) ? null : v, index: i, column: columnOf(px) });
  });
  return points;
}

const series = fc
  .array(
    fc.record({
      step: fc.integer({ min: 1, max: 4 }),
      y: fc.oneof(
        { weight: 6, arbitrary: fc.double({ min: -10, max: 1e4, noNaN: true }) },
        { weight: 2, arbitrary: fc.constant(0) },
        { weight: 2, arbitrary: fc.constant(null) },
      ),
    }),
    { minLength: 1, maxLength: 800 },
  )
  .map((rows) => {
    let at = 18_000;
    return { x: rows.map((r) => (at += r.step)), y: rows.map((r) => r.y) };
  });

const options = fc.record(
  { positiveOnly: fc.boolean(), maxStep: fc.integer({ min: 1, max: 3 }) },
  { requiredKeys: [] },
);

describe('downsampleMinMax, properties', () => {
  it('keeps every column’s extremes and gaps, invents nothing, and stays small', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 120 }), options, (s, columns, opts) => {
        const out = downsampleMinMax(s.x, s.y, columns, opts);
        const points = stream(s.x, s.y, columns, opts);
        const reduced = s.x.length > 2 * columns;

        // Every output point is a point (or maxStep gap) of the input, in input order.
        const positions = out.x.map((px, k) => {
          const p = points.findIndex(
            (q) => q.x === px && q.index === out.index[k] && Object.is(q.y, out.y[k]),
          );
          expect(p).toBeGreaterThanOrEqual(0);
          return p;
        });
        for (let k = 1; k < positions.length; k++) {
          expect(positions[k]).toBeGreaterThan(positions[k - 1] as number);
        }

        // The first and last points survive.
        expect(out.index[0]).toBe(0);
        expect(out.index.at(-1)).toBe(s.x.length - 1);

        if (!reduced) {
          expect(out.x.length).toBe(points.length);
          return;
        }
        const values = out.y.filter((v) => v !== null).length;
        expect(values).toBeLessThanOrEqual(2 * columns + 2);
        expect(out.x.length).toBeLessThanOrEqual(3 * columns + 2);

        for (let c = 0; c < columns; c++) {
          const inColumn = points.filter((p) => p.column === c);
          const kept = positions.map((p) => points[p] as StreamPoint).filter((p) => p.column === c);
          const ys = inColumn.flatMap((p) => (p.y === null ? [] : [p.y]));
          if (ys.length > 0) {
            expect(kept.map((p) => p.y)).toContain(Math.min(...ys));
            expect(kept.map((p) => p.y)).toContain(Math.max(...ys));
          }
          if (inColumn.some((p) => p.y === null)) {
            expect(kept.some((p) => p.y === null)).toBe(true);
          }
        }
      }),
    );
  });

  it('adds no gap where the input has none', () => {
    const noGaps = fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), {
      minLength: 1,
      maxLength: 800,
    });
    fc.assert(
      fc.property(noGaps, fc.integer({ min: 1, max: 120 }), (y, columns) => {
        const out = downsampleMinMax(range(y.length), y, columns);
        expect(out.y).not.toContain(null);
        if (y.length > 2 * columns) expect(out.x.length).toBeLessThanOrEqual(2 * columns + 2);
      }),
    );
  });

  it('is the identity when the series already fits', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 500 }), (s, extra) => {
        const columns = Math.ceil(s.x.length / 2) + (extra % 3);
        expect(downsampleMinMax(s.x, s.y, columns)).toEqual({
          x: s.x,
          y: s.y,
          index: range(s.x.length),
        });
      }),
    );
  });
});
