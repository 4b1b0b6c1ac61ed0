import { describe, expect, it } from 'vitest';
import { huberWeight, median, robustScale } from './robust.js';
import { isProducing, peakIndex } from './window.js';

describe('peak and robust helpers', () => {
  it('finds the peak on a running median, so neither a spike nor an end point poses as it', () => {
    expect(peakIndex([100, 90, 80, 70, 60, 50])).toBe(0);
    expect(peakIndex([10, 40, 90, 100, 95, 90, 85, 80])).toBe(2);
    expect(peakIndex([100, 95, 900, 90, 85, 80, 75])).toBe(0);
    expect(peakIndex([100, 95, 90, 85, 80, 75, 5000])).toBe(0);
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
