import { z } from 'zod';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

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

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** A string member, with messages that say "is required" or "must be a string". */
export function requiredString() {
  return z.string({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
  });
}

export const isoDate = requiredString().refine(isCalendarDate, {
  message: 'must be a real calendar date written YYYY-MM-DD',
});

/** ISO 8601 UTC with milliseconds and `Z`, as every timestamp the API emits. */
export const isoTimestamp = z.string();

const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** True for IANA zone names the platform knows (aliases included), false for offsets like "+05:00". */
export function isIanaTimeZone(value: string): boolean {
  if (!IANA_SHAPE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ianaTimeZone = requiredString().refine(isIanaTimeZone, {
  message: 'must be an IANA time zone name such as "America/Chicago"',
});

/** A name of 1 to 200 characters once surrounding white space is trimmed; stored trimmed. */
export const resourceName = requiredString()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(200, { message: 'must be at most 200 characters' });

export const finiteNumber = z.number({
  error: (issue) =>
    issue.input === undefined
      ? 'is required'
      : 'must be a finite number (not a string, NaN or infinity)',
});
