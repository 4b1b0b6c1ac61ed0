/**
 * Dates as Flowline shows them, everywhere (well header, grid, wells table, range pickers,
 * tooltips, notices, sync panel, exports): ISO 8601, `2024-01-05`, and months `2024-01`.
 * One format for every engineer whatever the laptop's locale: it is how the API, the CSV
 * files and the date fields write them, it cannot be misread as month-first or day-first,
 * and it sorts.
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

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** Whole days from `from` to `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000) + 1;
}

/** Today as YYYY-MM-DD in the laptop's own calendar (what "today" means to the user). */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The same calendar day `years` earlier (29 Feb falls back to 28 Feb). */
export function yearsBefore(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) - years;
  const monthDay = iso.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}
