import { describe, expect, it } from 'vitest';
import { exceedancePercentiles, quantileSorted } from './percentiles.js';

describe('exceedancePercentiles', () => {
  it('gives P10 as the high case and P90 as the low case, interpolated on rank p × (n − 1)', () => {
    // Sorted 10, 20, 30, 40, 50: rank 0.9 × 4 = 3.6 → 40 + 0.6 × 10 = 46; rank 0.4 → 14.
    expect(exceedancePercentiles([30, 10, 50, 20, 40])).toEqual({ p10: 46, p50: 30, p90: 14 });
  });

  it('takes the mean of the middle two for P50 of an even count', () => {
    const { p50, p10, p90 } = exceedancePercentiles([100, 200]);
    expect(p50).toBe(150);
    expect(p10).toBe(190);
    expect(p90).toBe(110);
  });

  it('gives one value for all three when there is one value, and null for none', () => {
    expect(exceedancePercentiles([7])).toEqual({ p10: 7, p50: 7, p90: 7 });
    expect(exceedancePercentiles([])).toEqual({ p10: null, p50: null, p90: null });
  });

  it('refuses a value that is not a number, naming it', () => {
    expect(() => exceedancePercentiles([1, Number.NaN])).toThrow('value 1 is not a finite number');
  });

  it('refuses a quantile outside [0, 1]', () => {
    expect(() => quantileSorted([1, 2], 1.5)).toThrow('quantile 1.5 is not in [0, 1]');
  });
});
