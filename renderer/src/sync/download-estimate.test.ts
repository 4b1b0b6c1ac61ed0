import { describe, expect, it } from 'vitest';
import {
  describeRange,
  estimateRequests,
  formatDuration,
  formatEta,
  presetOf,
  presetRange,
  RATE_PLANS,
  timeAtPlanMs,
} from './download-estimate.js';

const [standard, professional, enterprise] = RATE_PLANS as [
  (typeof RATE_PLANS)[number],
  (typeof RATE_PLANS)[number],
  (typeof RATE_PLANS)[number],
];

describe('estimateRequests', () => {
  it('counts the listing, one request per well to fetch, and the final project read', () => {
    expect(estimateRequests(250)).toBe(1 + 1 + 250 + 1);
    expect(estimateRequests(2500)).toBe(1 + 3 + 2500 + 1);
  });

  it('skips wells already cached for the range; only the listing is left when all are', () => {
    expect(estimateRequests(250, 200)).toBe(2 + 50 + 1);
    expect(estimateRequests(250, 250)).toBe(2);
    expect(estimateRequests(0)).toBe(2);
  });
});

describe('timeAtPlanMs', () => {
  it('lets the burst go at once and paces the rest at the plan’s rate', () => {
    expect(timeAtPlanMs(100, standard)).toBe(0);
    // Standard: 120 burst, 6 held in reserve → 114 unpaced; 60/min with a 5% margin.
    expect(timeAtPlanMs(114 + 60, standard)).toBeCloseTo(63_000);
    expect(timeAtPlanMs(20_000, enterprise)).toBeLessThan(timeAtPlanMs(20_000, professional));
  });
});

describe('durations', () => {
  it('rounds an estimate to what a person plans with', () => {
    expect(formatDuration(3_000)).toBe('a few seconds');
    expect(formatDuration(45_000)).toBe('under a minute');
    expect(formatDuration(4 * 60_000 + 20_000)).toBe('about 4 min');
    expect(formatDuration(80 * 60_000)).toBe('about 1 h 20 min');
    expect(formatDuration(120 * 60_000)).toBe('about 2 h');
  });

  it('counts the time left down precisely', () => {
    expect(formatEta(400)).toBe('1 s left');
    expect(formatEta(130_000)).toBe('2 min 10 s left');
    expect(formatEta(3_725_000)).toBe('1 h 2 min left');
  });
});

describe('ranges', () => {
  const now = new Date(2024, 1, 29, 15, 0); // 29 Feb 2024, local time

  it('reaches back from today', () => {
    expect(presetRange('1y', now)).toEqual({ from: '2023-02-28', to: '2024-02-29' });
    expect(presetRange('5y', now)).toEqual({ from: '2019-02-28', to: '2024-02-29' });
    expect(presetRange('all', now)).toEqual({ from: '1900-01-01', to: '2024-02-29' });
  });

  it('words the range without the 1900 start of “all history”', () => {
    expect(describeRange('1900-01-01', '2024-02-29')).toBe('all history to 2024-02-29');
    expect(describeRange('2023-02-28', '2024-02-29')).toBe('2023-02-28 – 2024-02-29');
  });

  it('recognises a preset range, and calls anything else custom', () => {
    expect(presetOf({ from: '2019-02-28', to: '2024-02-29' }, now)).toBe('5y');
    expect(presetOf({ from: '2020-01-01', to: '2024-02-29' }, now)).toBe('custom');
  });
});
