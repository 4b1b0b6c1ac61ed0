import type { Column } from '../production/columns.js';

/**
 * Aligning wells on producing time, for a type curve: step 0 is each well's first
 * producing day (or month), whatever its calendar date, and shut-in time is skipped, so
 * the wells are compared at equal time on production.
 *
 * A day produces when its oil, gas or water rate is above zero (the same test as the wells
 * table's last producing day), whichever stream is compared, so every stream of a well
 * shares one clock. Days: step n is the well's (n+1)-th producing day, with the stream's
 * rate on it (a producing day with no value for the stream is null). Months: step n is
 * the (n+1)-th calendar month with a producing day, and its rate is the stream's volume
 * in the month ÷ the month's producing days (the rate while flowing: a partial first
 * month or a month with downtime is not understated); null when the stream has no value
 * in the month.
 */
export type AlignmentStep = 'day' | 'month';

/** A well's daily rates (rows ascending by date, days without a record absent). */
export interface PhaseDays {
  dates: readonly string[];
  oil: Column;
  gas: Column;
  water: Column;
}

export function producingDay(days: PhaseDays, row: number): boolean {
  return (days.oil[row] ?? 0) > 0 || (days.gas[row] ?? 0) > 0 || (days.water[row] ?? 0) > 0;
}

/** The stream's rate per step of producing time; empty when the well never produced. */
export function alignOnProducingTime(
  days: PhaseDays,
  stream: Column,
  step: AlignmentStep,
): Array<number | null> {
  if (stream.length !== days.dates.length) {
    throw new RangeError(
      `stream has ${stream.length} values for ${days.dates.length} dates: they must match`,
    );
  }
  const aligned: Array<number | null> = [];
  if (step === 'day') {
    for (let row = 0; row < days.dates.length; row++) {
      if (producingDay(days, row)) aligned.push(stream[row] ?? null);
    }
    return aligned;
  }
  let row = 0;
  while (row < days.dates.length) {
    const month = (days.dates[row] as string).slice(0, 7);
    let volume = 0;
    let reported = false;
    let producing = 0;
    for (; row < days.dates.length && (days.dates[row] as string).startsWith(month); row++) {
      if (!producingDay(days, row)) continue;
      producing++;
      const rate = stream[row];
      if (rate != null) {
        volume += rate;
        reported = true;
      }
    }
    if (producing > 0) aligned.push(reported ? volume / producing : null);
  }
  return aligned;
}
