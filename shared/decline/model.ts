import {
  arpsCumulative,
  arpsInstantaneousDecline,
  arpsLogDecline,
  arpsLogDeclineWithDb,
  arpsTimeToRate,
} from './arps.js';
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
