import { describe, expect, it } from 'vitest';
import { median } from '../../robust-stats.js';
import { SortedWindow } from './sorted-window.js';

describe('SortedWindow', () => {
  it('gives the median without one value, as sorting the rest would, while it slides', () => {
    const series = [5, 1, 9, 9, 3, 7, 2, 8, 8, 6, 4, 0.5, 12, 3];
    const window = new SortedWindow(5);
    for (let i = 0; i < series.length; i++) {
      if (i >= 5) window.remove(series[i - 5]!);
      window.add(series[i]!);
      if (i < 2) continue;
      const held = series.slice(Math.max(0, i - 4), i + 1);
      const rest = [...held];
      rest.splice(rest.indexOf(series[i - 1]!), 1);
      expect(window.size).toBe(held.length);
      expect(window.medianWithout(series[i - 1]!)).toBe(median(rest));
      expect(window.median()).toBe(median(held));
    }
  });

  it('refuses a value beyond its capacity or one it does not hold', () => {
    const window = new SortedWindow(2);
    window.add(1);
    window.add(2);
    expect(() => window.add(3)).toThrow('the window is full');
    expect(() => window.remove(7)).toThrow('7 is not in the window');
  });
});
