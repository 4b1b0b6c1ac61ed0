import { epochDay } from '../dates/iso-day.js';
import { parseDate, type DateFormat } from './dates.js';
import { looksMonthly } from './monthly-dates.js';

/**
 * Settles an ambiguous date format (01/02/2026: January 2nd or February 1st?) the way a
 * person would: daily production runs day after day, so if reading the column in exactly
 * one of the candidate formats makes most neighbouring rows one day apart, that is the
 * format. Otherwise (too few dates, or both or neither read as a daily run) the person
 * is still asked.
 */
const MIN_DATES = 3;
const MIN_DAILY_SHARE = 0.8;

export function formatByDailySequence(
  cells: readonly string[],
  candidates: readonly DateFormat[],
): DateFormat | null {
  // A reading that makes every date the first of a month is a monthly report's (1/1/2019,
  // 2/1/2019, … in North Dakota's): read the other way the same cells look like days of one
  // month, so neither is settled here.
  if (candidates.some((format) => readsAsMonthStarts(cells, format))) return null;
  const daily = candidates.filter((format) => dailyShare(cells, format) >= MIN_DAILY_SHARE);
  return daily.length === 1 ? (daily[0] as DateFormat) : null;
}

function readsAsMonthStarts(cells: readonly string[], format: DateFormat): boolean {
  const dates: string[] = [];
  for (const cell of cells) {
    if (cell.trim() === '') continue;
    const iso = parseDate(cell, format);
    if (iso === null) return false;
    dates.push(iso);
  }
  return looksMonthly(dates);
}

/** Of neighbouring dated rows, the share exactly one day apart (either direction). */
function dailyShare(cells: readonly string[], format: DateFormat): number {
  const days: number[] = [];
  for (const cell of cells) {
    if (cell.trim() === '') continue;
    const iso = parseDate(cell, format);
    if (iso === null) return 0;
    days.push(epochDay(iso));
  }
  if (days.length < MIN_DATES) return 0;
  let oneDay = 0;
  for (let i = 1; i < days.length; i++) {
    if (Math.abs((days[i] as number) - (days[i - 1] as number)) === 1) oneDay++;
  }
  return oneDay / (days.length - 1);
}
