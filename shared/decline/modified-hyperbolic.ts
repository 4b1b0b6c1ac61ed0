import {
  arpsCumulative,
  arpsLogDecline,
  arpsLogDeclineWithDb,
  arpsRate,
  arpsTimeToRate,
} from './arps.js';

/**
 * Modified hyperbolic decline: Arps hyperbolic until its instantaneous nominal
 * decline D/(1 + b·D·t) falls to the terminal decline Dmin, exponential at Dmin
 * from then on. It keeps b > 1 fits of unconventional wells (transient flow)
 * from forecasting the unbounded reserves a pure hyperbolic tail would.
 *
 * The terminal decline is a floor: a well whose initial decline is already at
 * or below Dmin declines exponentially at Dmin from the start.
 *
 * Declines are nominal per DAY, t in days (see units.ts).
 */
export interface ModifiedHyperbolicSwitch {
  /** Days after qi at which the decline reaches Dmin (0 when it starts there; ∞ for b = 0 above Dmin). */
  t: number;
  /** Rate at the switch. */
  q: number;
  /** Cumulative volume at the switch. */
  np: number;
}

export function modifiedHyperbolicSwitch(
  qi: number,
  d: number,
  b: number,
  dMin: number,
): ModifiedHyperbolicSwitch {
  if (d <= dMin) return { t: 0, q: qi, np: 0 };
  if (b === 0) return { t: Infinity, q: 0, np: qi / d };
  // D/(1 + b·D·t) = Dmin  ⇔  t = (1/Dmin − 1/D) / b, where q = qi·(Dmin/D)^(1/b).
  const t = (1 / dMin - 1 / d) / b;
  return { t, q: qi * Math.pow(dMin / d, 1 / b), np: arpsCumulative(qi, d, b, t) };
}

export function modifiedHyperbolicRate(
  qi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
): number {
  const sw = modifiedHyperbolicSwitch(qi, d, b, dMin);
  if (t <= sw.t) return sw.t === 0 ? qi * Math.exp(-dMin * t) : arpsRate(qi, d, b, t);
  return sw.q * Math.exp(-dMin * (t - sw.t));
}

export function modifiedHyperbolicCumulative(
  qi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
): number {
  if (t <= 0) return 0;
  const sw = modifiedHyperbolicSwitch(qi, d, b, dMin);
  if (t <= sw.t) return arpsCumulative(qi, d, b, t);
  return sw.np + (sw.q / dMin) * -Math.expm1(-dMin * (t - sw.t));
}

export function modifiedHyperbolicTimeToRate(
  qi: number,
  d: number,
  b: number,
  dMin: number,
  q: number,
): number {
  if (q >= qi) return 0;
  const sw = modifiedHyperbolicSwitch(qi, d, b, dMin);
  if (q >= sw.q) return arpsTimeToRate(qi, d, b, q);
  return sw.t + Math.log(sw.q / q) / dMin;
}

/** Scratch for ∂L/∂b: the gradient runs once per point of every evaluation, so nothing is allocated there. */
const dLdb = new Float64Array(1);

/**
 * ln q(t) and its derivatives with respect to (ln qi, ln D, b), for the fit's
 * Jacobian. Past the switch, ln q = ln qi + ln(Dmin/D)/b − Dmin·(t − t_switch)
 * with t_switch = (1/Dmin − 1/D)/b, whose derivatives are written out below.
 */
export function modifiedHyperbolicLogRateGradient(
  logQi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
  out: [number, number, number],
): number {
  out[0] = 1;
  if (d <= dMin) {
    out[1] = 0;
    out[2] = 0;
    return logQi - dMin * t;
  }
  const tSwitch = b === 0 ? Infinity : (1 / dMin - 1 / d) / b;
  if (t <= tSwitch) {
    const x = b * d * t;
    out[1] = -(d * t) / (1 + x);
    const logDecline = arpsLogDeclineWithDb(d, b, t, dLdb);
    out[2] = -(dLdb[0] as number);
    return logQi - logDecline;
  }
  const ratio = dMin / d;
  out[1] = -(1 - ratio) / b;
  out[2] = (-Math.log(ratio) - 1 + ratio) / (b * b);
  return logQi + Math.log(ratio) / b - dMin * (t - tSwitch);
}

/** ln q(t) alone: `modifiedHyperbolicLogRateGradient` without the derivatives (the fit's trial points). */
export function modifiedHyperbolicLogRate(
  logQi: number,
  d: number,
  b: number,
  dMin: number,
  t: number,
): number {
  if (d <= dMin) return logQi - dMin * t;
  const tSwitch = b === 0 ? Infinity : (1 / dMin - 1 / d) / b;
  if (t <= tSwitch) return logQi - arpsLogDecline(d, b, t);
  return logQi + Math.log(dMin / d) / b - dMin * (t - tSwitch);
}

/**
 * The fit's residuals rᵢ = yᵢ − ln q(tᵢ) over many points at once, with their
 * derivatives ∂rᵢ/∂(ln qi, ln D, b) as rows of three in `jacobian`: the same
 * numbers as `modifiedHyperbolicLogRateGradient` point by point, but what
 * depends only on the curve (the switch, the tail's derivatives) is computed
 * once per call rather than once per point. This runs for every point at every
 * step of every fit.
 */
export function modifiedHyperbolicResiduals(
  logQi: number,
  d: number,
  b: number,
  dMin: number,
  times: Float64Array,
  observed: Float64Array,
  residuals: Float64Array,
  jacobian: Float64Array,
): void {
  const m = times.length;
  if (d <= dMin) {
    for (let i = 0; i < m; i++) {
      residuals[i] = (observed[i] as number) - (logQi - dMin * (times[i] as number));
      jacobian[3 * i] = -1;
      jacobian[3 * i + 1] = 0;
      jacobian[3 * i + 2] = 0;
    }
    return;
  }
  const tSwitch = b === 0 ? Infinity : (1 / dMin - 1 / d) / b;
  const ratio = dMin / d;
  const tailDd = -(1 - ratio) / b;
  const tailDb = (-Math.log(ratio) - 1 + ratio) / (b * b);
  const tailLogRatio = Math.log(ratio) / b;
  for (let i = 0; i < m; i++) {
    const t = times[i] as number;
    const row = 3 * i;
    jacobian[row] = -1;
    if (t <= tSwitch) {
      const x = b * d * t;
      jacobian[row + 1] = (d * t) / (1 + x);
      const logDecline = arpsLogDeclineWithDb(d, b, t, dLdb);
      jacobian[row + 2] = dLdb[0] as number;
      residuals[i] = (observed[i] as number) - (logQi - logDecline);
    } else {
      jacobian[row + 1] = -tailDd;
      jacobian[row + 2] = -tailDb;
      residuals[i] = (observed[i] as number) - (logQi + tailLogRatio - dMin * (t - tSwitch));
    }
  }
}
