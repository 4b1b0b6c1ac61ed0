import { z } from 'zod';

/** `YYYY-MM-DD` that names a real calendar day (2023-02-30 is rejected). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
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
