import { unitLabel, type UnitSystem } from '../api/index.js';
import { isoFromEpochDay } from './days.js';
import { formatNumber, formatTimes } from './format.js';
import { median, robustSigma } from './robust-stats.js';
import { ratioJumpSeverity } from './severity.js';
import { volumeAtStake } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';
import { windowExtremes } from './window-extremes.js';

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
 *
 * At stake: the gas (GOR) or water (watercut) the step moves per day, at the median oil
 * or liquid rate of the window after it, × the RATIO_WINDOW days it is measured over.
 */
export const RATIO_WINDOW = 15;
export const RATIO_SIGMAS = 5;
export const GOR_STEP_FACTOR = 1.5;
export const WATERCUT_STEP_POINTS = 10;

type RatioField = 'gor' | 'watercut';

/** A field's producing days: the ratio and the row it is on. */
interface Points {
  values: Float64Array;
  rows: Int32Array;
  count: number;
}

export function ratioJumps(columns: WellColumns, context: WellSeriesContext): QualityFinding[] {
  return [...steps(columns, 'gor', context), ...steps(columns, 'watercut', context)].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : 0,
  );
}

function steps(
  columns: WellColumns,
  field: RatioField,
  context: WellSeriesContext,
): QualityFinding[] {
  const points = ratioPoints(columns, field);
  const { values, count } = points;
  const findings: QualityFinding[] = [];
  let best: { i: number; score: number; before: number; after: number } | null = null;
  const flush = () => {
    if (best) findings.push(finding(columns, points, best, field, context));
    best = null;
  };
  // The window after day i is the window before day i + RATIO_WINDOW: each window's
  // median (its level) is taken at most once, and only where the windows' extremes leave
  // room for a step that matters (a median lies between its window's extremes).
  const { min, max } = windowExtremes(values, count, RATIO_WINDOW);
  const levels = new Float64Array(min.length).fill(NaN);
  const level = (start: number) => {
    let value = levels[start] as number;
    if (Number.isNaN(value)) {
      value = median(values, start, start + RATIO_WINDOW);
      levels[start] = value;
    }
    return value;
  };
  for (let i = RATIO_WINDOW; i + RATIO_WINDOW <= count; i++) {
    const before = i - RATIO_WINDOW;
    const possible = mayMatter(
      field,
      min[before] as number,
      max[before] as number,
      min[i] as number,
      max[i] as number,
    );
    let step = false;
    let levelBefore = 0;
    let levelAfter = 0;
    if (possible) {
      levelBefore = level(before);
      levelAfter = level(i);
      // Both tests must hold; whether the step matters is the cheap one (no spread needed).
      step =
        matters(field, levelBefore, levelAfter) &&
        isStep(values, i, levelBefore, levelAfter, field);
    }
    if (step) {
      // Medians say whether there is a step; means say where: a window that straddles
      // the step moves its mean by every day it takes from the other side.
      const score = Math.abs(mean(values, i, i + RATIO_WINDOW) - mean(values, before, i));
      if (!best || score > best.score) best = { i, score, before: levelBefore, after: levelAfter };
    } else if (best && i - best.i >= RATIO_WINDOW) {
      flush();
    }
  }
  flush();
  return findings;
}

/**
 * False when no levels within these extremes can differ enough to matter. Subtraction
 * and division are monotonic, so the bounds hold for the levels exactly as computed.
 */
function mayMatter(
  field: RatioField,
  minBefore: number,
  maxBefore: number,
  minAfter: number,
  maxAfter: number,
): boolean {
  if (field === 'watercut') {
    return (
      maxAfter - minBefore >= WATERCUT_STEP_POINTS || maxBefore - minAfter >= WATERCUT_STEP_POINTS
    );
  }
  if (!(minBefore > 0) || !(minAfter > 0)) return true;
  return maxAfter / minBefore >= GOR_STEP_FACTOR || maxBefore / minAfter >= GOR_STEP_FACTOR;
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
  columns: WellColumns,
  points: Points,
  step: { i: number; before: number; after: number },
  field: RatioField,
  context: WellSeriesContext,
): QualityFinding {
  const last = isoFromEpochDay(columns.days[points.rows[step.i - 1] as number] as number);
  const first = isoFromEpochDay(columns.days[points.rows[step.i] as number] as number);
  const rose = step.after > step.before ? 'rose' : 'fell';
  const amount =
    field === 'watercut'
      ? Math.abs(step.after - step.before)
      : Math.max(step.after / step.before, step.before / step.after);
  const size = field === 'watercut' ? `${formatNumber(amount)} points` : formatTimes(amount);
  const name = field === 'gor' ? 'GOR' : 'Watercut';
  return {
    key: findingKey('ratio-jump', context.wellId, last, first, field),
    wellId: context.wellId,
    rule: 'ratio-jump',
    from: last,
    to: first,
    reason: `${name} ${rose} from ${levelText(step.before, field, context.unitSystem)} to ${levelText(step.after, field, context.unitSystem)} (${size}) between ${last} and ${first}, each the median of ${RATIO_WINDOW} producing days: a step no reservoir makes overnight (a meter, test separator or allocation change)`,
    severity: ratioJumpSeverity(field, amount),
    atStake: stepStake(columns, points, step, field, context),
  };
}

/** See the rule's comment: the stream the step moves, over RATIO_WINDOW days. */
function stepStake(
  columns: WellColumns,
  points: Points,
  step: { i: number; before: number; after: number },
  field: RatioField,
  context: WellSeriesContext,
) {
  const basis = new Float64Array(RATIO_WINDOW);
  for (let k = 0; k < RATIO_WINDOW; k++) {
    const row = points.rows[step.i + k] as number;
    const oil = columns.oil_rate[row] as number;
    const liquid = oil + (columns.water_rate[row] as number);
    // A missing rate counts as none: the stake is an estimate, never NaN.
    basis[k] = (field === 'gor' ? oil : liquid) || 0;
  }
  const delta = Math.abs(step.after - step.before);
  // GOR in scf/bbl (m³/m³) × oil in bbl/d (m³/d) ÷ 1000 is Mscf/d (10³m³/d).
  const perDay = field === 'gor' ? (delta * median(basis)) / 1000 : (delta / 100) * median(basis);
  return volumeAtStake(
    field === 'gor' ? 'gas' : 'water',
    perDay * RATIO_WINDOW,
    context.unitSystem,
  );
}

function levelText(value: number, field: RatioField, system: UnitSystem): string {
  return field === 'watercut'
    ? `${formatNumber(value)}%`
    : `${formatNumber(value, 0)} ${unitLabel('gasOilRatio', system)}`;
}

/**
 * Producing days' GOR or watercut: as recorded, else from the day's rates (1000 × gas ÷
 * oil, where oil flowed; 100 × water ÷ liquid, where liquid flowed), as
 * shared/production/ratios.ts computes them. A day with a runtime of 0 is no producing
 * day, nor is a GOR without oil.
 */
function ratioPoints(columns: WellColumns, field: RatioField): Points {
  const values = new Float64Array(columns.length);
  const rows = new Int32Array(columns.length);
  const recorded = columns[field];
  const { oil_rate: oil, gas_rate: gas, water_rate: water, runtime } = columns;
  let count = 0;
  for (let r = 0; r < columns.length; r++) {
    if (runtime[r] === 0) continue;
    const oilRate = oil[r] as number;
    let value = recorded[r] as number;
    if (Number.isNaN(value)) {
      if (field === 'gor') {
        value = oilRate > 0 ? (1000 * (gas[r] as number)) / oilRate : NaN;
      } else {
        const liquid = (water[r] as number) + oilRate;
        value = liquid > 0 ? (100 * (water[r] as number)) / liquid : NaN;
      }
    }
    if (Number.isNaN(value)) continue;
    if (field === 'gor' && !(oilRate > 0)) continue;
    values[count] = value;
    rows[count++] = r;
  }
  return { values, rows, count };
}
