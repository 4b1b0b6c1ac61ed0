import { describe, expect, it } from 'vitest';
import { huberWeight, median, robustScale } from './robust.js';
import { isProducing, peakIndex } from './window.js';

describe('peak and robust helpers', () => {
  it('finds the peak on a running median, so neither a spike nor an end point poses as it', () => {
    expect(peakIndex([100, 90, 80, 70, 60, 50])).toBe(0);
    // The ramp-up is left out up to the highest rate, not only up to the running median.
    expect(peakIndex([10, 40, 90, 100, 95, 90, 85, 80])).toBe(3);
    expect(peakIndex([100, 95, 900, 90, 85, 80, 75])).toBe(0);
    expect(peakIndex([100, 95, 90, 85, 80, 75, 5000])).toBe(0);
  });

  it('leaves out a clean-up month that reaches the median of a steep decline', () => {
    // The first five months' median is 560; the clean-up month before the peak is above it.
    expect(peakIndex([600, 1000, 700, 560, 450, 400, 360])).toBe(1);
    // Three clean-up months climbing to the peak in the fourth.
    expect(peakIndex([200, 450, 700, 1000, 800, 680, 600, 540])).toBe(3);
    // A spike right after the first month is not the peak: the decline cannot fall by
    // more than half in one step.
    expect(peakIndex([100, 95, 400, 90, 85, 80, 75])).toBe(0);
  });

  it('treats only finite positive rates as producing', () => {
    expect([5, 0, -1, null, Number.NaN, Infinity].map(isProducing)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('computes the median, the MAD scale and Huber weights', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(robustScale([-1, 0, 1, 100])).toBeCloseTo(1.4826, 12);
    expect(huberWeight(0.1, 1)).toBe(1);
    expect(huberWeight(-2.69, 1)).toBeCloseTo(0.5, 12);
  });
});
