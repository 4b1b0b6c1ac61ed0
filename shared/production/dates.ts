import { daysInMonth, epochDay } from '../dates/iso-day.js';

// Day arithmetic lives in shared/dates/iso-day.ts; these two are re-exported for the
// production code and charts that import them from here.
export { daysFromCivil, epochDay } from '../dates/iso-day.js';

/** `epochDay` of every date: the numeric x of a chart series. */
export function epochDays(dates: readonly string[]): number[] {
  const days = new Array<number>(dates.length);
  for (let i = 0; i < dates.length; i++) days[i] = epochDay(dates[i] as string);
  return days;
}

/**
 * How many days of the calendar month `yyyyMm` (`YYYY-MM`) lie inside
 * [from, to] (ISO dates, inclusive); 0 when none do.
 */
export function monthDaysInRange(yyyyMm: string, from: string, to: string): number {
  const last = daysInMonth(Number(yyyyMm.slice(0, 4)), Number(yyyyMm.slice(5, 7)));
  const first = `${yyyyMm}-01`;
  const end = `${yyyyMm}-${String(last).padStart(2, '0')}`;
  // ISO dates order as strings, so max/min are plain comparisons.
  const lo = from > first ? from : first;
  const hi = to < end ? to : end;
  return lo > hi ? 0 : epochDay(hi) - epochDay(lo) + 1;
}
