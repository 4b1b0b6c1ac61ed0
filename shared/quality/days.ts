import { epochDay } from '../production/dates.js';

/** Day arithmetic on ISO dates (UTC, like the API's). */

const MS_PER_DAY = 86_400_000;

export function isoFromEpochDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoFromEpochDay(epochDay(iso) + days);
}

/** True when `b` is the calendar day after `a`. */
export function isNextDay(a: string, b: string): boolean {
  return epochDay(b) - epochDay(a) === 1;
}

export { epochDay };
