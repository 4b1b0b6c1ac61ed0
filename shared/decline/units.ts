/**
 * Decline analysis keeps time in days (production is reported per day or per
 * calendar month, and forecasts integrate over calendar months), while
 * engineers quote declines per year. The API takes and returns declines per
 * year; the closed forms work per day. A year here is the Julian 365.25 days,
 * so a nominal decline means the same thing whatever the leap years in a window.
 */
export const DAYS_PER_YEAR = 365.25;

/** A nominal decline per year as the same decline per day. */
export function perDay(perYear: number): number {
  return perYear / DAYS_PER_YEAR;
}

/** A nominal decline per day as the same decline per year. */
export function perYear(perDayValue: number): number {
  return perDayValue * DAYS_PER_YEAR;
}
