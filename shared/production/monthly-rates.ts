import { VOLUME_FIELDS, type Column, type DailyColumns, type VolumeField } from './columns.js';
import { monthDaysInRange } from './dates.js';

/**
 * The two monthly rates a chart can offer besides the API's monthly value.
 *
 * - `calendar-day`: the month's volume ÷ the month's calendar days inside the
 *   range. A month the range cuts (it starts on the 15th, or ends today) is
 *   divided by the days of it the range covers, not by the whole month: the
 *   volume of the uncovered days is not in the sum, so dividing by them would
 *   show a drop that did not happen. Missing days and null values add no
 *   volume but still count as days: this is the rate a month's sales volume
 *   gives.
 * - `producing-day`: the month's volume ÷ its producing days: what the well
 *   makes while it flows, blind to downtime. A day produces when its runtime
 *   is > 0 or any of its oil, gas and water rates (those the columns carry) is
 *   > 0. So with no runtime a day produces when it reports a non-zero rate;
 *   and a day whose runtime says 0 but which reports a rate still counts (its
 *   volume is in the sum, so leaving it out would inflate the rate, or divide
 *   by zero). A partial day (runtime 6 h) is one day. A producing day whose
 *   rate for a phase is null still counts and adds no volume (null adds
 *   nothing here, as in the calendar-day rate). The same days divide every
 *   phase, so a ratio of these rates is the ratio of the volumes. A month
 *   with no producing day has no rate (null): it was shut in.
 *
 * The API's monthly value (`aggregateMonthly`) is the mean of the non-null
 * daily values, which is neither: it divides by the reported days, shut-in
 * zeros included and missing days excluded.
 *
 * In both, a month appears when at least one row of the range falls in it (as
 * in the API's monthly series), dated its first day; a phase with no value in
 * the month is null, not 0.
 */
export const MONTHLY_RATE_BASES = ['calendar-day', 'producing-day'] as const;
export type MonthlyRateBasis = (typeof MONTHLY_RATE_BASES)[number];

export interface MonthlyRates {
  basis: MonthlyRateBasis;
  /** The first day of each month. */
  dates: string[];
  /** The divisor of each month: calendar days in range, or producing days. */
  days: number[];
  /** Rates of the volume fields the daily columns carry, in their units. */
  values: Partial<Record<VolumeField, Array<number | null>>>;
}

/**
 * Monthly rates of daily columns over [from, to] (`ProductionView` has all of
 * these). Rows outside the range are ignored.
 */
export function monthlyRates(
  daily: DailyColumns & { from: string; to: string },
  basis: MonthlyRateBasis,
): MonthlyRates {
  const { dates, from, to } = daily;
  const fields = VOLUME_FIELDS.filter((field) => daily.values[field] !== undefined);
  const rates = fields.map((field) => daily.values[field] as Column);
  const runtime = daily.values.runtime;
  const result: MonthlyRates = { basis, dates: [], days: [], values: {} };
  const outputs = fields.map((field) => {
    const output: Array<number | null> = [];
    result.values[field] = output;
    return output;
  });

  let row = 0;
  while (row < dates.length && (dates[row] as string) < from) row++;
  while (row < dates.length && (dates[row] as string) <= to) {
    const month = (dates[row] as string).slice(0, 7);
    const sums = rates.map(() => 0);
    const reported = rates.map(() => false);
    let producingDays = 0;
    for (; row < dates.length; row++) {
      const date = dates[row] as string;
      if (date > to || !date.startsWith(month)) break;
      let producing = (runtime?.[row] ?? 0) > 0;
      rates.forEach((column, f) => {
        const rate = column[row];
        if (rate == null) return;
        sums[f] = (sums[f] as number) + rate;
        reported[f] = true;
        if (rate > 0) producing = true;
      });
      if (producing) producingDays++;
    }
    const days = basis === 'calendar-day' ? monthDaysInRange(month, from, to) : producingDays;
    result.dates.push(`${month}-01`);
    result.days.push(days);
    outputs.forEach((output, f) => {
      output.push(reported[f] && days > 0 ? (sums[f] as number) / days : null);
    });
  }
  return result;
}
