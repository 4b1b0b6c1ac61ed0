import { describe, expect, it } from 'vitest';
import { daysOnByMonth } from './days-on.js';

describe('daysOnByMonth', () => {
  it('counts the days with runtime or a rate above zero, of the month’s days in the range', () => {
    const daysOn = daysOnByMonth({
      from: '2024-01-30',
      to: '2024-02-04',
      dates: ['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-03'],
      values: {
        // 31 Jan: shut in (zeros). 2 Feb: a rate on a day whose runtime says 0 still counts.
        oil_rate: [5, 0, 4, 3, null],
        gas_rate: [10, 0, 8, 0, 0],
        water_rate: [1, 0, 1, 0, null],
        runtime: [24, 0, 24, 0, 6],
      },
    });
    expect(Object.fromEntries(daysOn)).toEqual({
      '2024-01-01': { producing: 1, calendar: 2 },
      // 3 Feb produced (runtime 6 h); 4 Feb has no row but is a day of the range.
      '2024-02-01': { producing: 3, calendar: 4 },
    });
  });

  it('has no entry for a month without daily rows', () => {
    const daysOn = daysOnByMonth({
      from: '2024-01-01',
      to: '2024-03-31',
      dates: ['2024-03-05'],
      values: { oil_rate: [2] },
    });
    expect(daysOn.has('2024-01-01')).toBe(false);
    expect(daysOn.get('2024-03-01')).toEqual({ producing: 1, calendar: 31 });
  });
});
