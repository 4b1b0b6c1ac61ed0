import { addDays } from '#shared/dates/iso-day.js';
import { describe, expect, it } from 'vitest';
import { span, subtractIntervals } from './date-intervals.js';

describe('date intervals', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-01-01', 366)).toBe('2025-01-01');
  });

  it('finds the gaps of a range', () => {
    const want = { from: '2024-01-01', to: '2024-12-31' };
    expect(subtractIntervals(want, [])).toEqual([want]);
    expect(subtractIntervals(want, [{ from: '2023-01-01', to: '2025-01-01' }])).toEqual([]);
    expect(
      subtractIntervals(want, [
        { from: '2023-06-01', to: '2024-01-31' },
        { from: '2024-03-01', to: '2024-03-31' },
        { from: '2024-12-31', to: '2025-02-01' },
      ]),
    ).toEqual([
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-04-01', to: '2024-12-30' },
    ]);
    expect(subtractIntervals(want, [{ from: '2025-01-01', to: '2025-02-01' }])).toEqual([want]);
  });

  it('spans two intervals', () => {
    expect(
      span({ from: '2024-03-01', to: '2024-03-31' }, { from: '2024-01-01', to: '2024-01-31' }),
    ).toEqual({
      from: '2024-01-01',
      to: '2024-03-31',
    });
  });
});
