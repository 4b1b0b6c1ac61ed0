import { describe, expect, it } from 'vitest';
import { decadeAxis, fixedAxis, linearAxis, logAxis } from './axis-ticks.js';

describe('linearAxis', () => {
  it('steps by 1, 2, 2.5 or 5 × 10ⁿ from zero to just above the maximum', () => {
    expect(linearAxis(1.8)).toEqual({ domain: [0, 2], ticks: [0, 0.5, 1, 1.5, 2] });
    expect(linearAxis(5900)).toEqual({ domain: [0, 6000], ticks: [0, 2000, 4000, 6000] });
    expect(linearAxis(100)).toEqual({ domain: [0, 100], ticks: [0, 25, 50, 75, 100] });
    expect(linearAxis(0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('falls back to 0–1 with nothing to show', () => {
    expect(linearAxis(0).domain).toEqual([0, 1]);
  });
});

describe('fixedAxis', () => {
  it('splits the bounds evenly', () => {
    expect(fixedAxis([0, 100]).ticks).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('logAxis', () => {
  it('uses whole decades when the data spans several', () => {
    expect(logAxis(2.5, 950)).toEqual({ domain: [1, 1000], ticks: [1, 10, 100, 1000] });
  });

  it('uses 1-2-5 steps within a decade or two', () => {
    expect(logAxis(25, 90)).toEqual({ domain: [20, 100], ticks: [20, 50, 100] });
  });

  it('uses every multiple for a narrow band', () => {
    expect(logAxis(2600, 3100)).toEqual({ domain: [2000, 4000], ticks: [2000, 3000, 4000] });
  });

  it('never starts at zero', () => {
    expect(logAxis(0, 10).domain[0]).toBeGreaterThan(0);
  });
});

describe('decadeAxis (one log scale for both sides of the rates chart)', () => {
  it('spans whole decades around every value, so a height is the same number on both sides', () => {
    // Oil 35 bbl/d on the left, gas 110 Mscf/d on the right.
    expect(decadeAxis(35, 110)).toEqual({
      domain: [10, 1000],
      ticks: [10, 20, 50, 100, 200, 500, 1000],
    });
    expect(decadeAxis(0.4, 2500).domain).toEqual([0.1, 10000]);
    expect(decadeAxis(0.4, 2500).ticks).toEqual([0.1, 1, 10, 100, 1000, 10000]);
  });

  it('keeps a value on a decade at the edge, and gives a single value a decade of room', () => {
    expect(decadeAxis(10, 100).domain).toEqual([10, 100]);
    expect(decadeAxis(50, 50).domain).toEqual([10, 100]);
    expect(decadeAxis(100, 100).domain).toEqual([100, 1000]);
  });

  it('falls back to 1–10 with nothing to show', () => {
    expect(decadeAxis(Infinity, -Infinity)).toEqual({ domain: [1, 10], ticks: [1, 10] });
  });
});
