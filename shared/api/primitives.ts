import { z } from 'zod';
import { isCalendarDate } from '../dates/iso-day.js';

// The calendar rules live with the rest of the day arithmetic; the contract re-exports them.
export { daysInMonth, isCalendarDate, isLeapYear } from '../dates/iso-day.js';

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

/**
 * Free text refused when it holds a NUL character (U+0000): PostgreSQL's text cannot store
 * one, and one rule on both engines beats a name that saves on SQLite and fails on
 * PostgreSQL (docs/api-decisions.md, "Text"). No person types one; it comes from broken input.
 */
export const NO_NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';
export const withoutNul = (text: string) => !text.includes('\u0000');

/**
 * Free text refused when it holds a lone UTF-16 surrogate (a JSON body may spell one as
 * "\uD800"): UTF-8, which both engines and every response use, has no encoding for it, so
 * it would be stored as U+FFFD and read back different from what was sent, silently.
 */
export const NO_LONE_SURROGATE_MESSAGE =
  'must not contain a lone UTF-16 surrogate (\\uD800-\\uDFFF without its pair)';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const withoutLoneSurrogate = (text: string) => !LONE_SURROGATE.test(text);

/** A name of 1 to 200 characters once surrounding white space is trimmed; stored trimmed. */
export const resourceName = requiredString()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(200, { message: 'must be at most 200 characters' })
  .refine(withoutNul, { message: NO_NUL_MESSAGE })
  .refine(withoutLoneSurrogate, { message: NO_LONE_SURROGATE_MESSAGE });

export const finiteNumber = z.number({
  error: (issue) =>
    issue.input === undefined
      ? 'is required'
      : 'must be a finite number (not a string, NaN or infinity)',
});
