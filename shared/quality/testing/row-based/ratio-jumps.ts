import { unitLabel, type ProductionRecord, type UnitSystem } from '#shared/api/index.js';
import { gasOilRatio, watercut } from '#shared/production/ratios.js';
import { formatNumber, formatTimes } from '../../format.js';
import { robustSigma } from '../../robust-stats.js';
import { SortedWindow } from './sorted-window.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * GOR or watercut jumps: a step from one level to another overnight. Reservoirs change
 * their GOR and watercut over months; a step is a test separator or meter swapped,
 * gas or water allocated to the wrong well, or a unit slipped. For each day, the
 * median of the RATIO_WINDOW producing days from it on is compared with the median of
 * the RATIO_WINDOW before it; a step is flagged where the difference is more than
 * RATIO_SIGMAS robust standard deviations of either side (so a steady trend, whose
 * windows differ by about three, is not) and large enough to matter (GOR by
 * GOR_STEP_FACTOR times, watercut by WATERCUT_STEP_POINTS points). One finding per
 * step: the day where the windows' means differ most.
 */
export const RATIO_WINDOW = 15;
export const RATIO_SIGMAS = 5;
export const GOR_STEP_FACTOR = 1.5;
export const WATERCUT_STEP_POINTS = 10;

type RatioField = 'gor' | 'watercut';

interface Point {
  date: string;
  value: number;
}

export function ratioJumps(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  return [...steps(days, 'gor', context), ...steps(days, 'watercut', context)].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : 0,
  );
}

function steps(
  days: readonly ProductionRecord[],
  field: RatioField,
  context: WellSeriesContext,
): FindingFacts[] {
  const points = ratioPoints(days, field);
  const findings: FindingFacts[] = [];
  let best: { i: number; score: number; before: number; after: number } | null = null;
  const flush = () => {
    if (best) findings.push(finding(points, best, field, context));
    best = null;
  };
  // The windows are ranges of one array of values: no array per day. The window after
  // day i is the window before day i + RATIO_WINDOW, so each window's median is taken
  // once, from a window kept sorted as it slides.
  const values = Float64Array.from(points, (point) => point.value);
  const levels = new Float64Array(Math.max(0, points.length - RATIO_WINDOW + 1));
  const window = new SortedWindow(RATIO_WINDOW);
  for (let i = 0; i < points.length; i++) {
    if (i >= RATIO_WINDOW) window.remove(values[i - RATIO_WINDOW] as number);
    window.add(values[i] as number);
    if (i >= RATIO_WINDOW - 1) levels[i - RATIO_WINDOW + 1] = window.median();
  }
  for (let i = RATIO_WINDOW; i + RATIO_WINDOW <= points.length; i++) {
    const levelBefore = levels[i - RATIO_WINDOW] as number;
    const levelAfter = levels[i] as number;
    // Both tests must hold; whether the step matters is the cheap one (no spread needed).
    if (
      matters(field, levelBefore, levelAfter) &&
      isStep(values, i, levelBefore, levelAfter, field)
    ) {
      // Medians say whether there is a step; means say where: a window that straddles
      // the step moves its mean by every day it takes from the other side.
      const score = Math.abs(mean(values, i, i + RATIO_WINDOW) - mean(values, i - RATIO_WINDOW, i));
      if (!best || score > best.score) best = { i, score, before: levelBefore, after: levelAfter };
    } else if (best && i - best.i >= RATIO_WINDOW) {
      flush();
    }
  }
  flush();
  return findings;
}

/** The levels differ by more than RATIO_SIGMAS robust standard deviations of either window. */
function isStep(
  values: Float64Array,
  i: number,
  levelBefore: number,
  levelAfter: number,
  field: RatioField,
): boolean {
  const floor = field === 'gor' ? 0.01 * Math.max(levelBefore, levelAfter) : 0.5;
  const sigma = Math.max(
    robustSigma(values, levelBefore, i - RATIO_WINDOW, i),
    robustSigma(values, levelAfter, i, i + RATIO_WINDOW),
    floor,
  );
  return Math.abs(levelAfter - levelBefore) / sigma > RATIO_SIGMAS;
}

/** The mean of `values[from, to)`, summed left to right. */
function mean(values: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] as number;
  return sum / (to - from);
}

function matters(field: RatioField, before: number, after: number): boolean {
  if (field === 'watercut') return Math.abs(after - before) >= WATERCUT_STEP_POINTS;
  if (before <= 0 || after <= 0) return before !== after;
  return Math.max(after / before, before / after) >= GOR_STEP_FACTOR;
}

function finding(
  points: readonly Point[],
  step: { i: number; before: number; after: number },
  field: RatioField,
  context: WellSeriesContext,
): FindingFacts {
  const last = (points[step.i - 1] as Point).date;
  const first = (points[step.i] as Point).date;
  const rose = step.after > step.before ? 'rose' : 'fell';
  const size =
    field === 'watercut'
      ? `${formatNumber(Math.abs(step.after - step.before))} points`
      : formatTimes(Math.max(step.after / step.before, step.before / step.after));
  const name = field === 'gor' ? 'GOR' : 'Watercut';
  return {
    key: findingKey('ratio-jump', context.wellId, last, first, field),
    wellId: context.wellId,
    rule: 'ratio-jump',
    from: last,
    to: first,
    reason: `${name} ${rose} from ${level(step.before, field, context.unitSystem)} to ${level(step.after, field, context.unitSystem)} (${size}) between ${last} and ${first}, each the median of ${RATIO_WINDOW} producing days: a step no reservoir makes overnight (a meter, test separator or allocation change)`,
  };
}

function level(value: number, field: RatioField, system: UnitSystem): string {
  return field === 'watercut'
    ? `${formatNumber(value)}%`
    : `${formatNumber(value, 0)} ${unitLabel('gasOilRatio', system)}`;
}

/** Producing days' GOR or watercut: as recorded, else from the day's rates. */
function ratioPoints(days: readonly ProductionRecord[], field: RatioField): Point[] {
  const points: Point[] = [];
  for (const day of days) {
    if (day.runtime === 0) continue;
    const value =
      day[field] ??
      (field === 'gor'
        ? gasOilRatio(day.oil_rate, day.gas_rate)
        : watercut(day.oil_rate, day.water_rate));
    if (value === null) continue;
    if (field === 'gor' && !(day.oil_rate !== null && day.oil_rate > 0)) continue;
    points.push({ date: day.date, value });
  }
  return points;
}
