import { addDays } from '#shared/dates/iso-day.js';

/**
 * Inclusive date intervals over `YYYY-MM-DD` strings, which sort as dates do.
 * Coverage of a well is a sorted list of such intervals that never overlap or
 * touch; these are the pure operations on it.
 */

export interface DateInterval {
  from: string;
  to: string;
}

/** The parts of `want` that no interval of `have` (sorted by `from`) covers. */
export function subtractIntervals(
  want: DateInterval,
  have: readonly DateInterval[],
): DateInterval[] {
  const gaps: DateInterval[] = [];
  let cursor = want.from;
  for (const interval of have) {
    if (interval.to < cursor) continue;
    if (interval.from > want.to) break;
    if (interval.from > cursor) gaps.push({ from: cursor, to: addDays(interval.from, -1) });
    if (interval.to >= want.to) return gaps;
    cursor = addDays(interval.to, 1);
  }
  gaps.push({ from: cursor, to: want.to });
  return gaps;
}

/** The smallest interval holding both. */
export function span(a: DateInterval, b: DateInterval): DateInterval {
  return { from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to };
}
