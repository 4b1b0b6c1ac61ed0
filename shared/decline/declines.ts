import { DeclineInputError } from './errors.js';
import { expm1OverX, log1pOverX } from './stable.js';

/**
 * Conversions between a nominal decline D (the instantaneous fractional rate of
 * decline, −dq/dt / q, per year) and an effective decline De (the fraction of
 * the rate lost over one year).
 *
 * - Secant effective (the SPE reserves convention, and what this library means
 *   by "effective" unless a name says tangent): the drop over the year that
 *   starts at the rate, De = 1 − q(1 yr)/q(0).
 *     exponential:  De = 1 − e^(−D)
 *     hyperbolic:   De = 1 − (1 + b·D)^(−1/b)       (b → 0 recovers exponential)
 * - Tangent effective: the exponential conversion of the initial nominal
 *   decline, De = 1 − e^(−D), whatever b is.
 *
 * The forms go through expm1/log1p (stable.ts) so that small declines and b near 0 keep
 * their digits, and each inverse undoes its forward conversion to rounding.
 */

function checkNominal(nominal: number): void {
  if (!Number.isFinite(nominal) || nominal < 0) {
    throw new DeclineInputError(
      `A nominal decline must be a finite number ≥ 0 per year (got ${nominal}).`,
    );
  }
}

function checkEffective(effective: number): void {
  if (!Number.isFinite(effective) || effective < 0 || effective >= 1) {
    throw new DeclineInputError(
      `An effective decline must be a fraction in [0, 1) per year (got ${effective}).`,
    );
  }
}

function checkB(b: number): void {
  if (!Number.isFinite(b) || b < 0) {
    throw new DeclineInputError(`The hyperbolic exponent b must be ≥ 0 (got ${b}).`);
  }
}

/** Exponential nominal decline per year → effective decline per year. */
export function exponentialEffective(nominal: number): number {
  checkNominal(nominal);
  return -Math.expm1(-nominal);
}

/** Exponential effective decline per year → nominal decline per year. */
export function exponentialNominal(effective: number): number {
  checkEffective(effective);
  return -Math.log1p(-effective);
}

/** Hyperbolic initial nominal decline per year → secant effective decline per year. */
export function hyperbolicSecantEffective(nominal: number, b: number): number {
  checkNominal(nominal);
  checkB(b);
  return -Math.expm1(-nominal * log1pOverX(b * nominal));
}

/** Secant effective decline per year → hyperbolic initial nominal decline per year. */
export function hyperbolicSecantNominal(effective: number, b: number): number {
  checkEffective(effective);
  checkB(b);
  const logRatio = -Math.log1p(-effective); // ln(q0 / q1yr)
  return logRatio * expm1OverX(b * logRatio);
}

/** Initial nominal decline per year → tangent effective decline per year (any b). */
export function tangentEffective(nominal: number): number {
  return exponentialEffective(nominal);
}

/** Tangent effective decline per year → initial nominal decline per year (any b). */
export function tangentNominal(effective: number): number {
  return exponentialNominal(effective);
}
