import type { ProductionRecord } from '#shared/api/index.js';
import { isNextDay } from '../../days.js';
import { formatNumber, formatRate, RATE_FIELDS, RATE_NAMES } from '../../format.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * A rate that does not move for a week is a frozen meter, an allocation copied
 * forward or a value typed once and pasted down: real flow varies by a few percent a
 * day. Zero is left alone (a shut-in well reports zero day after day).
 */
export const FLAT_LINE_MIN_DAYS = 7;
/**
 * A small rate written to a tenth repeats honestly (1.8 bbl/d with ±4 % noise is 1.7,
 * 1.8 or 1.9): a run is flagged only when the value is at least this many steps of its
 * own last decimal, i.e. written to 1 % or finer, where real flow changes it daily.
 */
export const FLAT_LINE_MIN_STEPS = 100;

export interface FlatLineOptions {
  /** The shortest run of equal non-zero values that is flagged. */
  minDays?: number;
}

/** Runs of at least `minDays` consecutive days with the same non-zero oil, gas or water rate. */
export function flatLines(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
  options: FlatLineOptions = {},
): FindingFacts[] {
  const minDays = options.minDays ?? FLAT_LINE_MIN_DAYS;
  if (!Number.isInteger(minDays) || minDays < 2) {
    throw new RangeError(`minDays must be a whole number of days ≥ 2, not ${minDays}`);
  }
  const findings: FindingFacts[] = [];
  for (const field of RATE_FIELDS) {
    let start = 0;
    for (let i = 1; i <= days.length; i++) {
      const first = days[start] as ProductionRecord;
      const day = days[i];
      const continues =
        day !== undefined &&
        day[field] === first[field] &&
        isNextDay((days[i - 1] as ProductionRecord).date, day.date);
      if (continues) continue;
      const value = first[field];
      const length = i - start;
      if (value !== null && value > 0 && length >= minDays && finelyWritten(value)) {
        const last = (days[i - 1] as ProductionRecord).date;
        findings.push({
          key: findingKey('flat-line', context.wellId, first.date, last, field),
          wellId: context.wellId,
          rule: 'flat-line',
          from: first.date,
          to: last,
          reason: `${RATE_NAMES[field]} ${formatRate(value, field, context.unitSystem)} on ${formatNumber(length, 0)} days running (${first.date} to ${last}): a frozen meter or a value copied forward`,
        });
      }
      start = i;
    }
  }
  return findings;
}

/** True when `value` is at least FLAT_LINE_MIN_STEPS steps of its last decimal. */
function finelyWritten(value: number): boolean {
  for (let decimals = 0; decimals <= 6; decimals++) {
    const scale = 10 ** decimals;
    if (Math.abs(Math.round(value * scale) / scale - value) <= 1e-9 * value) {
      return value * scale >= FLAT_LINE_MIN_STEPS;
    }
  }
  return true;
}
