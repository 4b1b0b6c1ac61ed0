import { expm1OverX, log1pOverX } from './stable.js';

/**
 * Arps decline, q(t) = qi·(1 + b·D·t)^(−1/b), in one set of closed forms for
 * every b in [0, 2]: b = 0 is exponential, b = 1 harmonic, anything else
 * hyperbolic. D is the nominal decline per DAY and t is days (see units.ts);
 * the exported model functions in model.ts take declines per year.
 *
 * Everything is written through the "log decline" L(t) = ln(qi / q(t)):
 *   L = ln(1 + b·D·t) / b            (→ D·t as b → 0)
 *   q = qi·e^(−L)
 *   Np = (qi / D) · (1 − e^(−(1−b)·L)) / (1 − b)   (→ (qi / D)·L as b → 1)
 *   t(q) = (e^(b·ln(qi/q)) − 1) / (b·D)           (→ ln(qi/q) / D as b → 0)
 * With ln(1+x)/x and (eˣ−1)/x (stable.ts) these stay accurate through b → 0 and b → 1 instead of
 * switching formulas at an arbitrary cut-off, which would leave a seam a fit
 * could catch on.
 */

/** ln(qi / q(t)) for nominal decline `d` per day. */
export function arpsLogDecline(d: number, b: number, t: number): number {
  return d * t * log1pOverX(b * d * t);
}

/** Rate at t days after qi. */
export function arpsRate(qi: number, d: number, b: number, t: number): number {
  return qi * Math.exp(-arpsLogDecline(d, b, t));
}

/** (1 − e^(−a·L)) / a, continuous at a = 0 where it is L. */
function relativeDrop(a: number, logDecline: number): number {
  return logDecline * expm1OverX(-a * logDecline);
}

/** Cumulative volume from 0 to t days (rate × days). */
export function arpsCumulative(qi: number, d: number, b: number, t: number): number {
  if (t <= 0) return 0;
  return (qi / d) * relativeDrop(1 - b, arpsLogDecline(d, b, t));
}

/**
 * Days from qi until the rate falls to q; 0 when q ≥ qi (the rate is already
 * there). Finite for every q > 0: even b = 2 reaches any positive rate.
 */
export function arpsTimeToRate(qi: number, d: number, b: number, q: number): number {
  if (q >= qi) return 0;
  const logRatio = Math.log(qi / q);
  return (logRatio * expm1OverX(b * logRatio)) / d;
}

/** Instantaneous nominal decline per day at t: D / (1 + b·D·t). */
export function arpsInstantaneousDecline(d: number, b: number, t: number): number {
  return d / (1 + b * d * t);
}

/**
 * ∂L/∂b, for the fit's Jacobian. The closed form (x/(1+x) − ln(1+x)) / b² with
 * x = b·D·t cancels catastrophically for small x, so below 1e-3 it uses the
 * series (D·t)²·(−1/2 + 2x/3 − 3x²/4 + 4x³/5), good to ~1e-12 relative there.
 */
export function arpsLogDeclineDb(d: number, b: number, t: number): number {
  const dt = d * t;
  const x = b * dt;
  if (Math.abs(x) < 1e-3) {
    return dt * dt * (-1 / 2 + x * (2 / 3 + x * (-3 / 4 + x * (4 / 5))));
  }
  return (x / (1 + x) - Math.log1p(x)) / (b * b);
}

/**
 * L(t) and ∂L/∂b together, for the fit's inner loop: they share one ln(1 + x),
 * the costliest step of a Jacobian row. Returns L; ∂L/∂b goes to `dLdb[0]`.
 * The same forms as `arpsLogDecline` and `arpsLogDeclineDb`.
 */
export function arpsLogDeclineWithDb(d: number, b: number, t: number, dLdb: Float64Array): number {
  const dt = d * t;
  const x = b * dt;
  const small = Math.abs(x) < 1e-3;
  const log1p = small && Math.abs(x) < 1e-5 ? 0 : Math.log1p(x);
  dLdb[0] = small
    ? dt * dt * (-1 / 2 + x * (2 / 3 + x * (-3 / 4 + x * (4 / 5))))
    : (x / (1 + x) - log1p) / (b * b);
  return Math.abs(x) < 1e-5 ? dt * (1 - x * (1 / 2 - x * (1 / 3 - x / 4))) : dt * (log1p / x);
}
