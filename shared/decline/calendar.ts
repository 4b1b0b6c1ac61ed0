import { civilFromDays, epochDay, isCalendarDate } from '../dates/iso-day.js';
import { DeclineInputError } from './errors.js';

/**
 * Calendar arithmetic for monthly forecasts, in whole days since 1970-01-01 with no time zone
 * (shared/dates/iso-day.ts), so a month is exactly its length in days and nothing depends on
 * the host's clock or zone.
 */

/** Year and month (1–12) of a day since 1970-01-01. */
export function civilMonth(epochDay: number): { year: number; month: number } {
  const { year, month } = civilFromDays(epochDay);
  return { year, month };
}

/** Days since 1970-01-01 of an ISO `YYYY-MM-DD`; throws on anything else. */
export function parseIsoDay(iso: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    throw new DeclineInputError(`"${iso}" is not a YYYY-MM-DD date.`);
  }
  if (!isCalendarDate(iso)) throw new DeclineInputError(`"${iso}" is not a calendar date.`);
  return epochDay(iso);
}

/** `YYYY-MM` of a year and month. */
export function monthLabel(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
