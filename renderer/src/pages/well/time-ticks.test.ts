import { describe, expect, it } from 'vitest';
import { epochDay } from '#shared/production/index.js';
import { timeTicks } from './time-ticks.js';

const window = (from: string, to: string) => ({ from: epochDay(from), to: epochDay(to) });
const labels = (from: string, to: string, max: number) => {
  const { ticks, format } = timeTicks(window(from, to), max);
  return ticks.map(format);
};

describe('timeTicks', () => {
  it('steps by years on long spans, each year once', () => {
    expect(labels('2021-11-21', '2026-11-21', 8)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    expect(labels('2000-03-01', '2026-01-01', 8)).toEqual(['2005', '2010', '2015', '2020', '2025']);
  });

  it('steps by month starts on spans of months', () => {
    expect(labels('2025-11-21', '2026-11-21', 8)).toEqual([
      'Jan 2026',
      'Mar 2026',
      'May 2026',
      'Jul 2026',
      'Sep 2026',
      'Nov 2026',
    ]);
  });

  it('steps by days on short spans', () => {
    expect(labels('2026-04-10', '2026-04-16', 10)).toEqual([
      'Apr 10',
      'Apr 11',
      'Apr 12',
      'Apr 13',
      'Apr 14',
      'Apr 15',
      'Apr 16',
    ]);
    expect(labels('2026-04-10', '2026-05-10', 8)).toHaveLength(5);
  });
});
