/**
 * Dates that are all the first of a month, a month or more apart: a monthly
 * report (North Dakota's monthly production report gives each well's month as
 * `1/1/2019`). Its volumes are a month's totals, not a day's rates, and a
 * daily record on the 1st would say the well made a month's oil that day.
 * Two dates are enough to tell; one is not.
 */
export function looksMonthly(dates: readonly string[]): boolean {
  if (dates.length < 2) return false;
  const months = new Set<string>();
  for (const date of dates) {
    if (!date.endsWith('-01')) return false;
    months.add(date.slice(0, 7));
  }
  return months.size >= 2;
}
