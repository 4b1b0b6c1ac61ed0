/**
 * Dates as Flowline shows them, everywhere (well header, grid, wells table, range pickers,
 * tooltips, notices, sync panel, exports): ISO 8601, `2024-01-05`, and months `2024-01`.
 * One format for every engineer whatever the laptop's locale: it is how the API, the CSV
 * files and the date fields write them, it cannot be misread as month-first or day-first,
 * and it sorts. Day arithmetic (days between, today, years before) is shared/dates/iso-day.ts.
 */

/** 2024-01-05 → "2024-01-05" (the day as Flowline writes it everywhere). */
export function formatDay(iso: string): string {
  return iso.slice(0, 10);
}

/** A monthly row (dated the 1st) reads as its month: "2024-01". */
export function formatMonth(iso: string): string {
  return iso.slice(0, 7);
}

/** "2024-01-05 – 2024-01-16", or the one day. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
