import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochDay, epochDays, monthDaysInRange } from './dates.js';

describe('epochDay', () => {
  it('counts days from 1970-01-01', () => {
    expect(epochDay('1970-01-01')).toBe(0);
    expect(epochDay('1970-01-02')).toBe(1);
    expect(epochDay('1969-12-31')).toBe(-1);
    // 2000-01-01 is 10957 (30 years, 7 of them leap: 30 × 365 + 7); + 31 (Jan) + 29 (Feb) = 11017.
    expect(epochDay('2000-03-01')).toBe(11017);
  });

  it('steps by one across a leap day and a month end', () => {
    expect(epochDay('2024-02-29') - epochDay('2024-02-28')).toBe(1);
    expect(epochDay('2024-03-01') - epochDay('2024-02-29')).toBe(1);
    expect(epochDay('2023-03-01') - epochDay('2023-02-28')).toBe(1);
    expect(epochDay('2100-03-01') - epochDay('2100-02-28')).toBe(1); // 2100 is not leap
  });

  it('agrees with Date for every day of years 1600–2400', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: -135_140, max: 157_419 }), (n) => {
        const iso = new Date(n * day).toISOString().slice(0, 10);
        expect(epochDay(iso)).toBe(n);
      }),
    );
  });

  it('maps a column of dates', () => {
    expect(epochDays(['1970-01-01', '1970-01-03'])).toEqual([0, 2]);
  });
});

describe('monthDaysInRange', () => {
  it('counts the whole month when the range covers it, leap February included', () => {
    expect(monthDaysInRange('2024-02', '2024-01-01', '2024-12-31')).toBe(29);
    expect(monthDaysInRange('2023-02', '2023-01-01', '2023-12-31')).toBe(28);
    expect(monthDaysInRange('2023-12', '2023-01-01', '2024-12-31')).toBe(31);
  });

  it('counts only the days inside a range that cuts the month', () => {
    expect(monthDaysInRange('2024-01', '2024-01-15', '2024-12-31')).toBe(17); // 15..31
    expect(monthDaysInRange('2024-03', '2024-01-01', '2024-03-10')).toBe(10); // 1..10
    expect(monthDaysInRange('2024-05', '2024-05-10', '2024-05-20')).toBe(11); // 10..20
  });

  it('is 0 for a month outside the range', () => {
    expect(monthDaysInRange('2024-04', '2024-05-01', '2024-06-30')).toBe(0);
  });
});
