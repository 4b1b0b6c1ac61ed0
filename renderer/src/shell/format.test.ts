import { describe, expect, it } from 'vitest';
import { formatBytes, formatMoment } from './format.js';

describe('formatBytes', () => {
  it('counts in 1,024s with one decimal under ten', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.44 * 1024 ** 2)).toBe('3.4 MB');
    expect(formatBytes(340 * 1024 ** 2)).toBe('340 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('moves up a unit rather than write 1,024 of one', () => {
    expect(formatBytes(1024 ** 2 - 10)).toBe('1 MB');
  });
});

describe('formatMoment', () => {
  const now = new Date(2024, 10, 28, 15, 0);
  it('gives the time today, the day before, and the year before this one', () => {
    expect(formatMoment(new Date(2024, 10, 28, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatMoment(new Date(2024, 10, 27, 10, 42).toISOString(), now)).toBe('27 Nov 10:42');
    expect(formatMoment(new Date(2023, 0, 3, 22, 1).toISOString(), now)).toBe('3 Jan 2023 22:01');
  });
});
