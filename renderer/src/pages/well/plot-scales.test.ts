import { describe, expect, it } from 'vitest';
import { readoutPlace } from './ChartHover.js';
import { linearScale, logScale, timeScale, valueScale } from './plot-scales.js';

describe('plot scales', () => {
  it('maps a linear domain onto the plot, upwards for values, without clamping', () => {
    const y = valueScale({ domain: [0, 100], ticks: [] }, false, {
      x: 0,
      y: 10,
      width: 50,
      height: 200,
    });
    expect(y?.(0)).toBe(210);
    expect(y?.(100)).toBe(10);
    expect(y?.(50)).toBe(110);
    expect(y?.(150)).toBe(-90);
    expect(y?.(Number.NaN)).toBeUndefined();
  });

  it('spaces decades evenly on a log axis and has no place for zero or less', () => {
    const y = logScale([1, 1000], [300, 0]);
    expect(y(1)).toBe(300);
    expect(y(10)).toBeCloseTo(200, 9);
    expect(y(1000)).toBeCloseTo(0, 9);
    expect(y(0)).toBeUndefined();
    expect(y(-5)).toBeUndefined();
  });

  it('puts a one-value domain in the middle, as d3 does', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });

  it('runs time across the plot from its left edge', () => {
    const x = timeScale(0, 1000, { x: 68, y: 8, width: 930, height: 178 });
    expect(x(0)).toBe(68);
    expect(x(1000)).toBe(998);
  });

  it('has no scale for an axis that shows nothing', () => {
    expect(valueScale(null, true, { x: 0, y: 0, width: 1, height: 1 })).toBeUndefined();
  });
});

describe('where the hover readout goes', () => {
  it('sits after the pointer, flips before it near the far edge, never past the near edge', () => {
    // Plot from 100 to 500: a 100 px readout fits after 300, not after 450.
    expect(readoutPlace(300, 100, 100, 400)).toBe(310);
    expect(readoutPlace(450, 100, 100, 400)).toBe(340);
    // Too big for either side: it starts at the plot's edge.
    expect(readoutPlace(150, 390, 100, 400)).toBe(100);
  });
});
