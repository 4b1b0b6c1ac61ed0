import { daysInMonth } from '../api/index.js';

/**
 * Days since 1970-01-01 of an ISO `YYYY-MM-DD` date, on the proleptic Gregorian
 * calendar with no time zone, so a day is always exactly 1 apart from the next
 * (a chart's x axis, and day counts by subtraction). Read from character codes
 * and computed with Howard Hinnant's days_from_civil rather than through a Date:
 * it runs once per point of twenty-year daily series, and Date.UTC maps years
 * 0–99 to 1900–1999. The input is assumed valid (the API schema checked it).
 */
export function epochDay(iso: string): number {
  return daysFromCivil(number(iso, 0, 4), number(iso, 5, 7), number(iso, 8, 10));
}

/** Days since 1970-01-01 of year/month (1–12)/day, proleptic Gregorian, no time zone. */
export function daysFromCivil(year: number, month: number, day: number): number {
  // The year is counted from March so that the leap day falls at its end.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** `epochDay` of every date: the numeric x of a chart series. */
export function epochDays(dates: readonly string[]): number[] {
  const days = new Array<number>(dates.length);
  for (let i = 0; i < dates.length; i++) days[i] = epochDay(dates[i] as string);
  return days;
}

/**
 * How many days of the calendar month `yyyyMm` (`YYYY-MM`) lie inside
 * [from, to] (ISO dates, inclusive); 0 when none do.
 */
export function monthDaysInRange(yyyyMm: string, from: string, to: string): number {
  const last = daysInMonth(number(yyyyMm, 0, 4), number(yyyyMm, 5, 7));
  const first = `${yyyyMm}-01`;
  const end = `${yyyyMm}-${String(last).padStart(2, '0')}`;
  // ISO dates order as strings, so max/min are plain comparisons.
  const lo = from > first ? from : first;
  const hi = to < end ? to : end;
  return lo > hi ? 0 : epochDay(hi) - epochDay(lo) + 1;
}

function number(text: string, start: number, end: number): number {
  let result = 0;
  for (let i = start; i < end; i++) result = result * 10 + (text.charCodeAt(i) - 48);
  return result;
}
