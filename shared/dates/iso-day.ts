/**
 * The app's one module of ISO-day arithmetic. A day is written `YYYY-MM-DD` (the API, the CSV
 * files and the screens all do) and counted as whole days since 1970-01-01 on the proleptic
 * Gregorian calendar with no time zone, so one day is always exactly 1 from the next and
 * nothing depends on the host's clock zone. The conversions use Howard Hinnant's civil
 * algorithms on integers rather than `Date`: they run once per record of twenty-year daily
 * series, and `Date.UTC` maps the years 0–99 to 1900–1999.
 *
 * Functions that take a `YYYY-MM-DD` trust it (a schema or `isCalendarDate` checked it first);
 * `isCalendarDate` is the check.
 */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 28 to 31; 0 for a month outside 1–12. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * `YYYY-MM-DD` that names a real calendar day (2023-02-30 is rejected). Written with
 * character codes rather than a regex and a Date: it runs for every record of every ingest.
 */
export function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days since 1970-01-01 of year/month (1–12)/day. */
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

/** Year, month (1–12) and day of a day since 1970-01-01 (the inverse of daysFromCivil). */
export function civilFromDays(epochDay: number): { year: number; month: number; day: number } {
  const z = Math.floor(epochDay) + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` (read from character codes: no Date, no zone). */
export function epochDay(iso: string): number {
  return daysFromCivil(digits(iso, 0, 4), digits(iso, 5, 7), digits(iso, 8, 10));
}

/** The `YYYY-MM-DD` of a day since 1970-01-01. */
export function isoFromEpochDay(day: number): string {
  const civil = civilFromDays(day);
  return `${pad(civil.year, 4)}-${pad(civil.month, 2)}-${pad(civil.day, 2)}`;
}

/** The day `days` after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  return isoFromEpochDay(epochDay(iso) + days);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** Whole days from `from` to `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** The UTC day of an instant (milliseconds since the epoch), as the API dates things. */
export function isoDay(ms: number): string {
  return isoFromEpochDay(Math.floor(ms / MS_PER_DAY));
}

/** Today in UTC, the calendar the API's dates are in. */
export function utcToday(now: Date = new Date()): string {
  return isoDay(now.getTime());
}

/** Today in the computer's own calendar (what "today" means to the person using it). */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

/** The same calendar day `years` earlier (29 February falls back to 28 February). */
export function yearsBefore(iso: string, years: number): string {
  const year = digits(iso, 0, 4) - years;
  const monthDay = iso.slice(5);
  return `${pad(year, 4)}-${monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay}`;
}

/** The number written by the ASCII digits in [start, end), or -1 if any is not a digit. */
function digits(value: string, start: number, end: number): number {
  let result = 0;
  for (let i = start; i < end; i++) {
    const code = value.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    result = result * 10 + code;
  }
  return result;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
