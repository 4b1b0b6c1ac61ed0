import { describe, expect, it } from 'vitest';
import { median, robustSigma } from './robust-stats.js';

describe('median and robustSigma of a range', () => {
  it('read only the range asked for', () => {
    const values = [100, 1, 2, 3, 4, -100];
    expect(median(values, 1, 5)).toBe(2.5);
    expect(robustSigma(values, 2.5, 1, 5)).toBeCloseTo(1.4826 * 1, 10);
    expect(() => median(values, 3, 3)).toThrow('median of no values');
  });
});
