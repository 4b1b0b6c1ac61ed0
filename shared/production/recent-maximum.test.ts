import { describe, expect, it } from 'vitest';
import { RecentMaximum } from './recent-maximum.js';

describe('RecentMaximum on long series', () => {
  it('is the highest of the last values pushed, as a scan of them would be', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const size of [1, 2, 7, 90]) {
      const recent = new RecentMaximum(size);
      const pushed: number[] = [];
      for (let i = 0; i < 1_000; i++) {
        // Repeats and runs of equal values as well as noise.
        const value = random() < 0.2 ? (pushed[pushed.length - 1] ?? 1) : Math.round(random() * 50);
        recent.push(value);
        pushed.push(value);
        expect(recent.max).toBe(Math.max(...pushed.slice(-size)));
        expect(recent.count).toBe(Math.min(pushed.length, size));
      }
    }
  });

  it('refuses a window of no values', () => {
    expect(() => new RecentMaximum(0)).toThrow('size must be ≥ 1');
  });
});
