import { describe, expect, it } from 'vitest';
import { hoverPoints } from './hover-points.js';
import { DAY_MS } from './series.js';

describe('hoverPoints', () => {
  it('keeps the window rows, in ms, at most one per pixel column', () => {
    const days = Array.from({ length: 100 }, (_, i) => 1000 + i);
    expect(hoverPoints(days, { from: 1010, to: 1013 }, 50)).toEqual(
      [1010, 1011, 1012, 1013].map((day) => day * DAY_MS),
    );
    const thinned = hoverPoints(days, { from: 1000, to: 1099 }, 10);
    expect(thinned).toHaveLength(10);
    expect(thinned[1]).toBe(1010 * DAY_MS);
    expect(hoverPoints(days, { from: 2000, to: 2010 }, 10)).toEqual([]);
  });
});
