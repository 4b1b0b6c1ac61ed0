import { describe, expect, it } from 'vitest';
import {
  addDays,
  civilFromDays,
  daysBetween,
  daysFromCivil,
  daysInclusive,
  epochDay,
  isCalendarDate,
  isoDay,
  isoFromEpochDay,
  localToday,
  utcToday,
  yearsBefore,
} from './iso-day.js';

describe('ISO days', () => {
  it('counts days since 1970-01-01 as Date does, both ways, across leap years and centuries', () => {
    // Every 13th day from 1800 to 2200, checked against the platform's own UTC calendar.
    for (let day = -62_000; day < 84_000; day += 13) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(isoFromEpochDay(day)).toBe(iso);
      expect(epochDay(iso)).toBe(day);
    }
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(civilFromDays(daysFromCivil(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
    // Years 0–99 stay themselves (Date.UTC would move them to the 1900s).
    expect(isoFromEpochDay(daysFromCivil(50, 6, 1))).toBe('0050-06-01');
  });

  it('adds and counts days over month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    expect(addDays('1900-02-28', 1)).toBe('1900-03-01');
    expect(daysBetween('2024-01-05', '2024-01-16')).toBe(11);
    expect(daysBetween('2024-01-16', '2024-01-05')).toBe(-11);
    expect(daysInclusive('2024-01-05', '2024-01-05')).toBe(1);
    expect(daysInclusive('2023-03-01', '2024-02-29')).toBe(366);
  });

  it('tells real calendar days from text that only looks like one', () => {
    for (const good of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(good)).toBe(true);
    }
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-1-01',
      '2024-01-01T00',
      'yesterday',
      '0000-01-01',
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it('names the day of an instant in UTC, and today in UTC and in the local calendar', () => {
    expect(isoDay(Date.UTC(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(isoDay(Date.UTC(1969, 11, 31, 12))).toBe('1969-12-31');
    const now = new Date(2024, 5, 7, 12, 0); // noon local: the same day in every zone's calendar
    expect(localToday(now)).toBe('2024-06-07');
    expect(utcToday(new Date(Date.UTC(2024, 5, 7, 1)))).toBe('2024-06-07');
  });

  it('goes back whole years, moving 29 February to the 28th when the year has none', () => {
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
    expect(yearsBefore('2024-06-30', 5)).toBe('2019-06-30');
  });
});
