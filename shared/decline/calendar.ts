import { daysFromCivil } from '../production/dates.js';
import { DeclineInputError } from './errors.js';

/**
 * Calendar arithmetic for monthly forecasts, on the proleptic Gregorian
 * calendar in whole days with no time zone (Howard Hinnant's civil algorithms),
 * so a month is exactly its length in days and nothing depends on the host's
 * clock or zone.
 */

/** Year and month (1–12) of a day since 1970-01-01. */
export function civilMonth(epochDay: number): { year: number; month: number } {
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
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month };
}

/** Days since 1970-01-01 of an ISO `YYYY-MM-DD`; throws on anything else. */
export function parseIsoDay(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new DeclineInputError(`"${iso}" is not a YYYY-MM-DD date.`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const day0 = daysFromCivil(year, month, day);
  const back = civilMonth(day0);
  if (month < 1 || month > 12 || day < 1 || back.year !== year || back.month !== month) {
    throw new DeclineInputError(`"${iso}" is not a calendar date.`);
  }
  return day0;
}

/** `YYYY-MM` of a year and month. */
export function monthLabel(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
