import { describe, expect, it } from 'vitest';
import { windowExtremes } from './window-extremes.js';

describe('windowExtremes', () => {
  it('gives the extremes of every window, as a scan of each window would', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 100;
    for (const length of [0, 1, 5, 14, 15, 16, 29, 30, 31, 100]) {
      const values = Float64Array.from({ length }, random);
      for (const width of [1, 2, 7, 15]) {
        const { min, max } = windowExtremes(values, length, width);
        expect(min.length).toBe(Math.max(0, length - width + 1));
        for (let j = 0; j < min.length; j++) {
          const window = Array.from(values.subarray(j, j + width));
          expect(min[j]).toBe(Math.min(...window));
          expect(max[j]).toBe(Math.max(...window));
        }
      }
    }
  });

  it('reads only the first `length` values', () => {
    const { min, max } = windowExtremes([3, 1, 2, -50, 99], 3, 2);
    expect(Array.from(min)).toEqual([1, 1]);
    expect(Array.from(max)).toEqual([3, 2]);
  });
});
