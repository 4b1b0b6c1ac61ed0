import { exponentialNominal } from './declines.js';
import { DeclineInputError } from './errors.js';
import { levenbergMarquardt, type LeastSquaresProblem } from './levenberg-marquardt.js';
import { logRate, logRateGradient, type DeclineModel, type DeclineModelKind } from './model.js';
import { modifiedHyperbolicResiduals } from './modified-hyperbolic.js';
import { huberWeight, robustScale } from './robust.js';
import { perDay, perYear } from './units.js';
import { checkTimes, checkWindow, isProducing, peakIndex, type DeclinePoint } from './window.js';

export interface FitOptions {
  model: DeclineModelKind;
  /** First day of the fit window (default: the peak rate after first production). */
  from?: number;
  /** Last day of the fit window (default: the last producing point). */
  to?: number;
  /** Terminal decline of the modified hyperbolic, EFFECTIVE per year (exponential secant); default 0.06. */
  dMinEffective?: number;
  /** Bounds on b for the hyperbolic kinds; default [0, 2]. */
  bMin?: number;
  bMax?: number;
  /** The fit is poor above this RMSE of ln(rate); default 0.35. */
  maxRmseLog?: number;
  /** The fit is poor with fewer points used than this; default 6. */
  minPoints?: number;
  /** Points whose log residual exceeds this many robust standard deviations are excluded; default 4. */
  outlierSigmas?: number;
}

export type ExclusionReason = 'not-producing' | 'outlier';

export interface ExcludedPoint {
  /** Index into the caller's series. */
  index: number;
  t: number;
  rate: number | null;
  reason: ExclusionReason;
}

export type PoorReason =
  'no-production' | 'too-few-points' | 'high-rmse' | 'not-declining' | 'not-converged';

export interface DeclineFit {
  kind: DeclineModelKind;
  /** The fitted curve, its qi at day `t0`; null when nothing could be fitted. */
  model: DeclineModel | null;
  /** The day qi refers to: the start of the window. */
  t0: number;
  window: { from: number; to: number };
  /** The last producing day of the whole series (null when none): where a forecast starts. */
  lastProducingDay: number | null;
  /** Indices into the caller's series of the points the fit used, ascending by t. */
  used: number[];
  /** Points inside the window the fit left out, and why. Points outside the window are not listed. */
  excluded: ExcludedPoint[];
  /** Over the used points, unweighted; null when nothing was fitted. */
  goodness: { rmseLog: number; r2Log: number } | null;
  converged: boolean;
  poor: boolean;
  reasons: { code: PoorReason; message: string }[];
}

const SCALE_FLOOR = 0.01; // Below 1 % scatter in log rate, nothing is an outlier.
const MAX_ROUNDS = 12;
/** Points the multi-start first pass looks at, at most (see fitDecline). */
const SCOUT_POINTS = 400;
const D_MIN_PER_DAY = perDay(1e-6);
const D_MAX_PER_DAY = perDay(1000);

/**
 * Fits a decline model to producing rates by robust least squares in log-rate
 * space: Levenberg–Marquardt over (ln qi, ln Di, b), reweighted with Huber
 * weights from the residuals' robust scale, with points beyond `outlierSigmas`
 * excluded (and reported) each round until the weights settle.
 */
export function fitDecline(series: readonly DeclinePoint[], options: FitOptions): DeclineFit {
  checkTimes(series);
  const kind = options.model;
  const bMin = options.bMin ?? 0;
  const bMax = options.bMax ?? 2;
  const maxRmseLog = options.maxRmseLog ?? 0.35;
  const minPoints = options.minPoints ?? 6;
  const outlierSigmas = options.outlierSigmas ?? 4;
  const dMinPerDay = perDay(exponentialNominal(options.dMinEffective ?? 0.06));
  if (!(bMin >= 0 && bMax <= 2 && bMin <= bMax)) {
    throw new DeclineInputError(
      `b bounds must satisfy 0 ≤ bMin ≤ bMax ≤ 2 (got [${bMin}, ${bMax}]).`,
    );
  }

  const order = series.map((_, i) => i);
  // Production arrives in date order: sort only when it does not.
  if (!isAscending(series)) order.sort((a, b) => series[a]!.t - series[b]!.t);
  const producing = order.filter((i) => isProducing(series[i]!.rate));
  const lastProducingDay = producing.length ? series[producing[producing.length - 1]!]!.t : null;
  const base = {
    kind,
    model: null,
    lastProducingDay,
    excluded: [] as ExcludedPoint[],
    goodness: null,
    converged: false,
    poor: true,
  };
  if (producing.length === 0) {
    if (options.from !== undefined && options.to !== undefined)
      checkWindow(options.from, options.to);
    const from = options.from ?? 0;
    return {
      ...base,
      t0: from,
      window: { from, to: options.to ?? from },
      used: [],
      reasons: [
        { code: 'no-production', message: 'The series has no producing point (rate > 0).' },
      ],
    };
  }
  const peak = producing[peakIndex(producing.map((i) => series[i]!.rate as number))]!;
  const from = options.from ?? series[peak]!.t;
  const to = options.to ?? (lastProducingDay as number);
  checkWindow(from, to);

  const excluded: ExcludedPoint[] = [];
  const candidates: number[] = [];
  for (const i of order) {
    const { t, rate } = series[i]!;
    if (t < from || t > to) continue;
    if (isProducing(rate)) candidates.push(i);
    else excluded.push({ index: i, t, rate, reason: 'not-producing' });
  }
  const window = { from, to };
  const needed = Math.max(
    minPoints,
    kind === 'hyperbolic' || kind === 'modified-hyperbolic' ? 3 : 2,
  );
  if (candidates.length < needed) {
    // The default window starts at the peak: when that leaves too few points of a history
    // that has enough, the peak is near the end because the rates rise or stay flat.
    const flat =
      options.from === undefined &&
      producing.length >= needed &&
      !declinesSignificantly(producing.map((i) => series[i]!));
    return {
      ...base,
      t0: from,
      window,
      used: candidates,
      excluded,
      reasons: [
        flat
          ? {
              code: 'not-declining',
              message: `The rates rise or stay flat: ${producing.length} producing points show no decline to fit.`,
            }
          : {
              code: 'too-few-points',
              message: `${candidates.length} producing points in the window; at least ${needed} are needed.`,
            },
      ],
    };
  }

  const m = candidates.length;
  const times = Float64Array.from(candidates, (i) => series[i]!.t - from);
  const logRates = Float64Array.from(candidates, (i) => Math.log(series[i]!.rate as number));
  const hasB = kind === 'hyperbolic' || kind === 'modified-hyperbolic';
  const problem = logRateProblem(kind, hasB, dMinPerDay, times, logRates);

  const start = initialGuess(times, logRates);
  const lower = [start.logQi - 30, Math.log(D_MIN_PER_DAY), bMin];
  const upper = [start.logQi + 30, Math.log(D_MAX_PER_DAY), bMax];
  const bounds = hasB ? { lower, upper } : { lower: lower.slice(0, 2), upper: upper.slice(0, 2) };

  // First pass, unweighted, from several b so a hyperbolic fit does not settle
  // in the basin of whichever b it started from.
  // Long series choose the basin on an evenly thinned copy (every k-th point, at most
  // SCOUT_POINTS), then the winner is refined on every point: the same optimum for a
  // fraction of the cost, since the starts are most of the work.
  const bStarts = hasB ? [0.3, 0.8, 1.3, 1.8].map((b) => Math.min(bMax, Math.max(bMin, b))) : [0];
  const stride = Math.ceil(m / SCOUT_POINTS);
  const scout =
    stride > 1
      ? logRateProblem(kind, hasB, dMinPerDay, every(times, stride), every(logRates, stride))
      : problem;
  let best = null as ReturnType<typeof levenbergMarquardt> | null;
  for (const b of bStarts) {
    const initial = hasB ? [start.logQi, start.logD, b] : [start.logQi, start.logD];
    const attempt = levenbergMarquardt(scout, initial, { ...bounds, maxIterations: 100 });
    if (!best || attempt.cost < best.cost) best = attempt;
  }
  let result =
    scout === problem
      ? best!
      : levenbergMarquardt(problem, best!.params, { ...bounds, maxIterations: 100 });

  // Each solve hands back its residuals (and Jacobian) at the point it reached: the
  // reweighting reads them, and the next solve starts from them, instead of evaluating
  // the same point twice more per round.
  const weights = new Float64Array(m).fill(1);
  const outlier = new Uint8Array(m);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const residuals = result.evaluated.residuals;
    const scale = Math.max(robustScale(residuals), SCALE_FLOOR);
    let changed = false;
    for (let i = 0; i < m; i++) {
      const r = residuals[i] as number;
      const isOutlier = Math.abs(r) > outlierSigmas * scale ? 1 : 0;
      const w = isOutlier ? 0 : huberWeight(r, scale);
      if (isOutlier !== outlier[i] || Math.abs(w - (weights[i] as number)) > 1e-6) changed = true;
      outlier[i] = isOutlier;
      weights[i] = w;
    }
    if (!changed && round > 0) break;
    result = levenbergMarquardt(problem, result.params, {
      ...bounds,
      weights,
      evaluated: result.evaluated,
    });
  }

  const residuals = result.evaluated.residuals;
  const used: number[] = [];
  let sumSquares = 0;
  let sumLog = 0;
  for (let i = 0; i < m; i++) {
    if (outlier[i]) {
      const index = candidates[i]!;
      excluded.push({ index, t: series[index]!.t, rate: series[index]!.rate, reason: 'outlier' });
    } else {
      used.push(candidates[i]!);
      sumSquares += (residuals[i] as number) ** 2;
      sumLog += logRates[i] as number;
    }
  }
  excluded.sort((a, b) => a.t - b.t);
  const meanLog = sumLog / used.length;
  let total = 0;
  for (let i = 0; i < m; i++) if (!outlier[i]) total += ((logRates[i] as number) - meanLog) ** 2;
  const rmseLog = Math.sqrt(sumSquares / used.length);
  const r2Log = total > 0 ? 1 - sumSquares / total : sumSquares === 0 ? 1 : 0;

  const [logQi, logD, b = 0] = result.params as [number, number, number?];
  const qi = Math.exp(logQi);
  const di = perYear(Math.exp(logD));
  const model: DeclineModel =
    kind === 'modified-hyperbolic'
      ? { kind, qi, di, b, dMin: perYear(dMinPerDay) }
      : kind === 'hyperbolic'
        ? { kind, qi, di, b }
        : { kind, qi, di };

  const reasons: DeclineFit['reasons'] = [];
  if (used.length < needed) {
    reasons.push({
      code: 'too-few-points',
      message: `${used.length} points left after excluding outliers; at least ${needed} are needed.`,
    });
  }
  if (rmseLog > maxRmseLog) {
    reasons.push({
      code: 'high-rmse',
      message: `RMSE of ln(rate) is ${rmseLog.toFixed(3)}, above ${maxRmseLog}.`,
    });
  }
  if (logD <= Math.log(D_MIN_PER_DAY) * (1 - 1e-9)) {
    reasons.push({ code: 'not-declining', message: 'The rates in the window do not decline.' });
  }
  if (!result.converged) {
    reasons.push({ code: 'not-converged', message: 'The least-squares fit did not converge.' });
  }
  return {
    kind,
    model,
    t0: from,
    window,
    lastProducingDay,
    used,
    excluded,
    goodness: { rmseLog, r2Log },
    converged: result.converged,
    poor: reasons.length > 0,
    reasons,
  };
}

/**
 * A start for the least squares: the exponential through the first third of
 * the window (ordinary least squares of ln q on t), where the decline is
 * steepest, so hyperbolic fits start near their initial decline rather than
 * the window's average one.
 */
function initialGuess(
  times: Float64Array,
  logRates: Float64Array,
): { logQi: number; logD: number } {
  const count = Math.max(3, Math.floor(times.length / 3));
  let st = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    st += times[i] as number;
    sy += logRates[i] as number;
  }
  const tMean = st / count;
  const yMean = sy / count;
  let stt = 0;
  let sty = 0;
  for (let i = 0; i < count; i++) {
    const dt = (times[i] as number) - tMean;
    stt += dt * dt;
    sty += dt * ((logRates[i] as number) - yMean);
  }
  const slope = stt > 0 ? sty / stt : 0;
  const d = Math.min(D_MAX_PER_DAY, Math.max(-slope, perDay(0.05)));
  return { logQi: yMean - slope * tMean, logD: Math.log(d) };
}

/**
 * Whether ln(rate) falls with time by more than twice its standard error (ordinary least
 * squares over the points given): rising data fail, and so does flat data whatever its noise.
 */
function declinesSignificantly(points: readonly DeclinePoint[]): boolean {
  const n = points.length;
  let st = 0;
  let sy = 0;
  for (const p of points) {
    st += p.t;
    sy += Math.log(p.rate as number);
  }
  const tMean = st / n;
  const yMean = sy / n;
  let stt = 0;
  let sty = 0;
  for (const p of points) {
    stt += (p.t - tMean) ** 2;
    sty += (p.t - tMean) * (Math.log(p.rate as number) - yMean);
  }
  if (!(stt > 0)) return false;
  const slope = sty / stt;
  let sse = 0;
  for (const p of points) {
    sse += (Math.log(p.rate as number) - yMean - slope * (p.t - tMean)) ** 2;
  }
  const standardError = n > 2 ? Math.sqrt(sse / (n - 2) / stt) : 0;
  return slope < -2 * standardError;
}

function isAscending(series: readonly DeclinePoint[]): boolean {
  for (let i = 1; i < series.length; i++) if (series[i - 1]!.t > series[i]!.t) return false;
  return true;
}

/** Least squares of ln(rate) against the model's ln q(t), over (ln qi, ln Di per day[, b]). */
function logRateProblem(
  kind: DeclineModelKind,
  hasB: boolean,
  dMinPerDay: number,
  times: Float64Array,
  logRates: Float64Array,
): LeastSquaresProblem {
  const m = times.length;
  const gradient: [number, number, number] = [0, 0, 0];
  return {
    m,
    evaluate(params, residuals, jacobian) {
      const logQi = params[0] as number;
      const d = Math.exp(params[1] as number);
      const b = hasB ? (params[2] as number) : 0;
      if (!jacobian) {
        // Trial points and residual checks need no derivatives: about half the work.
        for (let i = 0; i < m; i++) {
          const logQ = logRate(kind, logQi, d, b, dMinPerDay, times[i] as number);
          residuals[i] = (logRates[i] as number) - logQ;
        }
        return;
      }
      if (kind === 'modified-hyperbolic') {
        // The default model, and most of a fit's time: its evaluation over every point at once.
        modifiedHyperbolicResiduals(logQi, d, b, dMinPerDay, times, logRates, residuals, jacobian);
        return;
      }
      const width = hasB ? 3 : 2;
      for (let i = 0; i < m; i++) {
        const logQ = logRateGradient(kind, logQi, d, b, dMinPerDay, times[i] as number, gradient);
        residuals[i] = (logRates[i] as number) - logQ;
        const row = i * width;
        jacobian[row] = -gradient[0];
        jacobian[row + 1] = -gradient[1];
        if (hasB) jacobian[row + 2] = -gradient[2];
      }
    },
  };
}

/** Every `stride`-th value, from the first. */
function every(values: Float64Array, stride: number): Float64Array {
  const out = new Float64Array(Math.ceil(values.length / stride));
  for (let i = 0; i < out.length; i++) out[i] = values[i * stride] as number;
  return out;
}
