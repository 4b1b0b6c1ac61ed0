/**
 * Calendar dates (YYYY-MM-DD) as people read them. Dates are days, not instants,
 * so they are formatted in UTC: a day never shifts with the laptop's time zone.
 */

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** 2024-01-05 → "5 Jan 2024". */
export function formatDay(iso: string): string {
  return DAY.format(utc(iso));
}

/** "5 Jan 2024", "5–16 Jan 2024" style ranges, without repeating the year when it is shared. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  if (from.slice(0, 4) === to.slice(0, 4)) {
    return `${DAY_MONTH.format(utc(from))} – ${formatDay(to)}`;
  }
  return `${formatDay(from)} – ${formatDay(to)}`;
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
