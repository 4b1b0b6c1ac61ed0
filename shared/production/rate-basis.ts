/**
 * The basis of a well's "latest" rates in the wells table: the last producing day's rates, or
 * each stream's average over its last 7 or last 30 producing days. One day can be a spike (a
 * well opened after a shut-in flushes for a day; a test) and rank a well first that averages
 * a fraction of it; an average over producing days says what the well makes when it runs.
 *
 * A producing day of a stream is a day with a rate of that stream above zero. Rates, not
 * runtime: the project summary our server sends (and the sparkline it gives) carries rates
 * only, and both ways of getting the figures must give the same average. A day without a
 * record, or at zero (shut in, down), is not a producing day and does not pull the average
 * down: the average is of the days the stream flowed.
 *
 * The days counted are those within the SPARKLINE_DAYS (90) days ending at the well's last
 * producing day (shared/production/screening.ts): what both the cached rows and the server's
 * summary hold. A stream with fewer producing days there is averaged over those it has.
 */

export const RATE_BASES = ['last-day', 'avg-7', 'avg-30'] as const;
export type RateBasis = (typeof RATE_BASES)[number];

/**
 * The wells table's default: 30 producing days smooth out a day's spike and a week's
 * upset alike, and are still recent enough to rank wells by what they make now.
 */
export const DEFAULT_RATE_BASIS: RateBasis = 'avg-30';

/** The averaged bases and their number of producing days. */
export const AVERAGE_DAYS = { 'avg-7': 7, 'avg-30': 30 } as const;
export type AveragedBasis = keyof typeof AVERAGE_DAYS;
export const AVERAGED_BASES = Object.keys(AVERAGE_DAYS) as AveragedBasis[];

export function isRateBasis(value: unknown): value is RateBasis {
  return typeof value === 'string' && (RATE_BASES as readonly string[]).includes(value);
}

/**
 * The mean of the last `days` values above zero among `values[from..to]` (inclusive,
 * ascending dates), or null when none is above zero.
 */
export function producingDayAverage(
  values: ReadonlyArray<number | null>,
  from: number,
  to: number,
  days: number,
): number | null {
  let sum = 0;
  let count = 0;
  for (let i = to; i >= from && count < days; i--) {
    const value = values[i];
    if (value != null && value > 0) {
      sum += value;
      count++;
    }
  }
  return count === 0 ? null : sum / count;
}
