/**
 * How serious a finding is, by thresholds an engineer can check against the reason's
 * numbers. The queue works through critical findings first, then major, then minor.
 *
 * - critical: the volumes booked for the well are wrong or impossible until it is
 *   fixed (half a month unreported, a month of a frozen meter, a spike of ten days'
 *   flow, production before the well existed, a pressure no gauge reads).
 * - major: worth fixing before the numbers are used (a monthly volume or an
 *   allocation is off by days of production).
 * - minor: ordinary noise of field reporting, usually back-filled or harmless (a
 *   report or two that never arrived, a short flat run).
 */
export const QUALITY_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/**
 * Reporting gaps, in days missing. A long weekend or a late field sheet leaves up to
 * four days, usually filled in later; from five a week's allocation is a guess; from
 * fifteen, half a month's volume is.
 */
export const GAP_MAJOR_DAYS = 5;
export const GAP_CRITICAL_DAYS = 15;

/**
 * Flat lines, in days running. A week or two of one value is a meter read by hand now
 * and then; from two weeks the month's volume leans on it; from thirty days the
 * month is a copy of one number.
 */
export const FLAT_LINE_MAJOR_DAYS = 14;
export const FLAT_LINE_CRITICAL_DAYS = 30;

/**
 * Spikes, as a multiple of the median of the producing days around (the rule flags
 * from 3×). From 5× a day carries most of a week's flow; from 10× it carries more
 * than a week and a half, which no well does for a day: a unit slip or a misplaced
 * decimal. A drop to a tenth or less of the median is major (a day's flow lost or
 * booked elsewhere); a one-day drop can lose at most one day's flow, so never critical.
 */
export const SPIKE_MAJOR_TIMES = 5;
export const SPIKE_CRITICAL_TIMES = 10;
export const DROP_MAJOR_FRACTION = 0.1;

/**
 * GOR steps as a factor (the rule flags from 1.5×) and watercut steps in points (the
 * rule flags from 10): from 2× or 20 points the gas or water of the following weeks
 * is mostly another well's or another meter's; from 4× or 40 points, a mix-up.
 */
export const GOR_MAJOR_FACTOR = 2;
export const GOR_CRITICAL_FACTOR = 4;
export const WATERCUT_MAJOR_POINTS = 20;
export const WATERCUT_CRITICAL_POINTS = 40;

/**
 * Runtime and rates that disagree, in days running: a day or two is a slip in the
 * daily report; from three days it is how the well is being reported; from fourteen,
 * half a month. Flow on a day with no runtime is impossible, so at least major.
 */
export const MISMATCH_MAJOR_DAYS = 3;
export const MISMATCH_CRITICAL_DAYS = 14;

/** `count` against a major and a critical threshold (both included). */
function byThresholds(count: number, major: number, critical: number): QualitySeverity {
  return count >= critical ? 'critical' : count >= major ? 'major' : 'minor';
}

/**
 * A run of `days` unreported days. Between days on which the well produced nothing
 * (shut in), a missing report loses no volume: minor however long.
 */
export function gapSeverity(days: number, producing: boolean): QualitySeverity {
  return producing ? byThresholds(days, GAP_MAJOR_DAYS, GAP_CRITICAL_DAYS) : 'minor';
}

export function flatLineSeverity(days: number): QualitySeverity {
  return byThresholds(days, FLAT_LINE_MAJOR_DAYS, FLAT_LINE_CRITICAL_DAYS);
}

/** `ratio`: the day's rate over the median around it (above 1 a spike, below 1 a drop). */
export function spikeSeverity(ratio: number): QualitySeverity {
  if (ratio < 1) return ratio <= DROP_MAJOR_FRACTION ? 'major' : 'minor';
  return byThresholds(ratio, SPIKE_MAJOR_TIMES, SPIKE_CRITICAL_TIMES);
}

/** `size`: a GOR step as the larger level over the smaller, a watercut step in points. */
export function ratioJumpSeverity(field: 'gor' | 'watercut', size: number): QualitySeverity {
  return field === 'gor'
    ? byThresholds(size, GOR_MAJOR_FACTOR, GOR_CRITICAL_FACTOR)
    : byThresholds(size, WATERCUT_MAJOR_POINTS, WATERCUT_CRITICAL_POINTS);
}

/** `kind`: 24 h with nothing flowing, or flow on a day with no runtime. */
export function mismatchSeverity(kind: 'no-flow' | 'no-runtime', days: number): QualitySeverity {
  const severity = byThresholds(days, MISMATCH_MAJOR_DAYS, MISMATCH_CRITICAL_DAYS);
  return kind === 'no-runtime' && severity === 'minor' ? 'major' : severity;
}

/** Production before spud and values no well reports (implausible.ts's checks): see each. */
export const BEFORE_SPUD_SEVERITY: QualitySeverity = 'critical';
/** A pressure above 20,000 psi, or a rate 50× the well's highest of 90 days: impossible. */
export const IMPOSSIBLE_VALUE_SEVERITY: QualitySeverity = 'critical';
/**
 * A recorded GOR ten times off the day's gas ÷ oil: one of the two is wrong, but the
 * rates (the volumes) may well be right, so major.
 */
export const GOR_MISMATCH_SEVERITY: QualitySeverity = 'major';
