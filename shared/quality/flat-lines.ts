import { formatNumber, formatRate, RATE_FIELDS, RATE_NAMES } from './format.js';
import { isoFromEpochDay } from './days.js';
import { flatLineSeverity } from './severity.js';
import { STREAM_OF, volumeAtStake } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

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

/**
 * Runs of at least `minDays` consecutive days with the same non-zero oil, gas or water
 * rate. At stake: the volume booked on the frozen number (value × days): none of it
 * was measured.
 */
export function flatLines(
  columns: WellColumns,
  context: WellSeriesContext,
  options: FlatLineOptions = {},
): QualityFinding[] {
  const minDays = options.minDays ?? FLAT_LINE_MIN_DAYS;
  if (!Number.isInteger(minDays) || minDays < 2) {
    throw new RangeError(`minDays must be a whole number of days ≥ 2, not ${minDays}`);
  }
  const findings: QualityFinding[] = [];
  const { days, length } = columns;
  for (const field of RATE_FIELDS) {
    const values = columns[field];
    let start = 0;
    for (let r = 1; r <= length; r++) {
      // A missing value (NaN) equals nothing, so it never extends a run; nor is a run of
      // them ever flagged.
      if (
        r < length &&
        values[r] === values[start] &&
        (days[r] as number) - (days[r - 1] as number) === 1
      ) {
        continue;
      }
      const value = values[start] as number;
      const count = r - start;
      if (value > 0 && count >= minDays && finelyWritten(value)) {
        const first = isoFromEpochDay(days[start] as number);
        const last = isoFromEpochDay(days[r - 1] as number);
        findings.push({
          key: findingKey('flat-line', context.wellId, first, last, field),
          wellId: context.wellId,
          rule: 'flat-line',
          from: first,
          to: last,
          reason: `${RATE_NAMES[field]} ${formatRate(value, field, context.unitSystem)} on ${formatNumber(count, 0)} days running (${first} to ${last}): a frozen meter or a value copied forward`,
          severity: flatLineSeverity(count),
          atStake: volumeAtStake(STREAM_OF[field], value * count, context.unitSystem),
        });
      }
      start = r;
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
