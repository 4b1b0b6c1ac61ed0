import {
  arpsCumulative,
  arpsInstantaneousDecline,
  arpsLogDecline,
  arpsLogDeclineWithDb,
  arpsTimeToRate,
} from './arps.js';
import { exponentialEffective, hyperbolicSecantNominal } from './declines.js';
import { DeclineInputError } from './errors.js';
import {
  modifiedHyperbolicCumulative,
  modifiedHyperbolicLogRate,
  modifiedHyperbolicLogRateGradient,
  modifiedHyperbolicRate,
  modifiedHyperbolicTimeToRate,
} from './modified-hyperbolic.js';
import { DAYS_PER_YEAR, perDay } from './units.js';

export type DeclineModelKind = 'exponential' | 'hyperbolic' | 'harmonic' | 'modified-hyperbolic';

/**
 * A decline curve. `qi` is the rate at t = 0 (in the caller's volume/day);
 * `di` is the initial NOMINAL decline per year; `b` the Arps exponent (0 for
 * exponential, 1 for harmonic, up to 2); `dMin` the terminal nominal decline per
 * year of the modified hyperbolic. Time is days after qi.
 */
export type DeclineModel =
  | { kind: 'exponential'; qi: number; di: number }
  | { kind: 'harmonic'; qi: number; di: number }
  | { kind: 'hyperbolic'; qi: number; di: number; b: number }
  | { kind: 'modified-hyperbolic'; qi: number; di: number; b: number; dMin: number };

/** The exponent of a model: 0 for exponential, 1 for harmonic. */
export function exponentOf(model: DeclineModel): number {
  switch (model.kind) {
    case 'exponential':
      return 0;
    case 'harmonic':
      return 1;
    default:
      return model.b;
  }
}

/** Throws a DeclineInputError naming the first parameter out of its domain. */
export function checkModel(model: DeclineModel): void {
  if (!(Number.isFinite(model.qi) && model.qi > 0)) {
    throw new DeclineInputError(`qi must be a finite rate > 0 (got ${model.qi}).`);
  }
  if (!(Number.isFinite(model.di) && model.di > 0)) {
    throw new DeclineInputError(
      `Di must be a finite nominal decline > 0 per year (got ${model.di}).`,
    );
  }
  const b = exponentOf(model);
  if (!(Number.isFinite(b) && b >= 0 && b <= 2)) {
    throw new DeclineInputError(`b must be in [0, 2] (got ${b}).`);
  }
  if (model.kind === 'modified-hyperbolic' && !(Number.isFinite(model.dMin) && model.dMin > 0)) {
    throw new DeclineInputError(
      `Dmin must be a finite nominal decline > 0 per year (got ${model.dMin}).`,
    );
  }
}

function checkTime(t: number): void {
  if (!Number.isFinite(t) || t < 0) {
    throw new DeclineInputError(`Time must be a finite number of days ≥ 0 (got ${t}).`);
  }
}

/** Rate t days after qi. */
export function rateAt(model: DeclineModel, t: number): number {
  checkModel(model);
  checkTime(t);
  const d = perDay(model.di);
  if (model.kind === 'modified-hyperbolic') {
    return modifiedHyperbolicRate(model.qi, d, model.b, perDay(model.dMin), t);
  }
  return model.qi * Math.exp(-arpsLogDecline(d, exponentOf(model), t));
}

/** Cumulative volume (rate × days) from qi to t days after it. */
export function cumulativeAt(model: DeclineModel, t: number): number {
  checkModel(model);
  checkTime(t);
  const d = perDay(model.di);
  if (model.kind === 'modified-hyperbolic') {
    return modifiedHyperbolicCumulative(model.qi, d, model.b, perDay(model.dMin), t);
  }
  return arpsCumulative(model.qi, d, exponentOf(model), t);
}

/** Days after qi until the rate falls to q (0 if it starts at or below q). */
export function timeToRate(model: DeclineModel, q: number): number {
  checkModel(model);
  if (!(Number.isFinite(q) && q > 0)) {
    throw new DeclineInputError(`A target rate must be a finite number > 0 (got ${q}).`);
  }
  const d = perDay(model.di);
  if (model.kind === 'modified-hyperbolic') {
    return modifiedHyperbolicTimeToRate(model.qi, d, model.b, perDay(model.dMin), q);
  }
  return arpsTimeToRate(model.qi, d, exponentOf(model), q);
}

/** Instantaneous nominal decline per year t days after qi. */
export function declineAt(model: DeclineModel, t: number): number {
  checkModel(model);
  checkTime(t);
  const b = exponentOf(model);
  const instantaneous = arpsInstantaneousDecline(model.di, b, t / DAYS_PER_YEAR);
  return model.kind === 'modified-hyperbolic' ? Math.max(instantaneous, model.dMin) : instantaneous;
}

/**
 * ln q(t) with its gradient over the fit's parameters (ln qi, ln Di per day, b)
 * written into `out`; unchecked, for the fit's inner loop. `b` is ignored
 * (and its derivative 0) for the kinds that fix it.
 */
export function logRateGradient(
  kind: DeclineModelKind,
  logQi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
  out: [number, number, number],
): number {
  if (kind === 'modified-hyperbolic') {
    return modifiedHyperbolicLogRateGradient(logQi, d, b, dMin, t, out);
  }
  const exponent = kind === 'exponential' ? 0 : kind === 'harmonic' ? 1 : b;
  out[0] = 1;
  out[1] = -(d * t) / (1 + exponent * d * t);
  if (kind !== 'hyperbolic') {
    out[2] = 0;
    return logQi - arpsLogDecline(d, exponent, t);
  }
  const logDecline = arpsLogDeclineWithDb(d, exponent, t, dLdb);
  out[2] = -(dLdb[0] as number);
  return logQi - logDecline;
}

/** Scratch for ∂L/∂b (see logRateGradient): nothing is allocated per point. */
const dLdb = new Float64Array(1);

/** ln q(t) alone, for the fit's trial points: `logRateGradient` without the gradient. */
export function logRate(
  kind: DeclineModelKind,
  logQi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
): number {
  if (kind === 'modified-hyperbolic') return modifiedHyperbolicLogRate(logQi, d, b, dMin, t);
  const exponent = kind === 'exponential' ? 0 : kind === 'harmonic' ? 1 : b;
  return logQi - arpsLogDecline(d, exponent, t);
}

/**
 * The first-year decline: the fraction of the rate lost over the year after qi,
 * 1 − q(1 yr)/q(0), from the model's own rate function (secant effective, one
 * year). For Arps this is the hyperbolic secant conversion of Di; the modified
 * hyperbolic declines faster once it reaches Dmin, and declines at Dmin from the
 * start when Di is below it, so its first year is not that conversion of Di.
 * Computed through ln(qi/q), so small declines keep their digits.
 */
export function firstYearDecline(model: DeclineModel): number {
  checkModel(model);
  const d = perDay(model.di);
  const logDecline =
    model.kind === 'modified-hyperbolic'
      ? -modifiedHyperbolicLogRate(0, d, model.b, perDay(model.dMin), DAYS_PER_YEAR)
      : arpsLogDecline(d, exponentOf(model), DAYS_PER_YEAR);
  return -Math.expm1(-logDecline);
}

/**
 * The initial nominal decline per year that gives `model` (its kind, b and
 * Dmin) the first-year decline `effective`: the inverse of firstYearDecline.
 * Throws when no Di can: a modified hyperbolic never loses less than its
 * terminal decline's year, 1 − e^(−Dmin), and at exactly that the answer is Dmin.
 */
export function diForFirstYearDecline(model: DeclineModel, effective: number): number {
  checkModel(model);
  const b = exponentOf(model);
  const hyperbolic = hyperbolicSecantNominal(effective, b);
  if (model.kind !== 'modified-hyperbolic') return hyperbolic;
  const { dMin } = model;
  const floor = exponentialEffective(dMin);
  // Within rounding of the floor is the floor: a typed "6 %" for a 6 % Dmin is not refused.
  if (effective < floor * (1 - 1e-12)) {
    throw new DeclineInputError(
      `A modified hyperbolic loses at least its terminal decline's year, ${(100 * floor).toFixed(2)} %; got ${(100 * effective).toFixed(2)} %.`,
    );
  }
  if (effective <= floor || hyperbolic <= dMin) return dMin;
  // The hyperbolic answer holds while the switch to Dmin comes after the first year.
  if (b === 0 || (1 / dMin - 1 / hyperbolic) / b >= 1) return hyperbolic;
  // Switching at t_s < 1 yr: ln(qi/q(1 yr)) = (ln x − 1 + 1/x)/b + Dmin with x = Di/Dmin,
  // increasing in x > 1; bisect it between Dmin and the hyperbolic answer, which is above.
  const target = b * (-Math.log1p(-effective) - dMin);
  let lo = 1;
  let hi = hyperbolic / dMin;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (Math.log(mid) - 1 + 1 / mid < target) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi) * dMin;
}
