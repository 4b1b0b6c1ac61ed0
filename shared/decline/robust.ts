/**
 * The robust part of the fit, in log-rate space: a robust scale of the
 * residuals and Huber weights for iteratively reweighted least squares.
 *
 * Huber keeps least squares' efficiency for the bulk of the points (weight 1
 * inside k·σ) and lets a spike pull only linearly (weight k·σ/|r| outside), so
 * a handful of allocation errors or flush-production days cannot drag the
 * curve. Residuals are compared in log space because production noise is
 * multiplicative: a 10 % error is as likely at 1,000 as at 10 units/day.
 */

/** Median of the values (averaging the middle two); NaN when empty. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  return n % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** 1.4826 · MAD: the standard deviation for normal residuals, unmoved by outliers. */
export function robustScale(residuals: ArrayLike<number>): number {
  const center = median(residuals);
  const deviations = new Float64Array(residuals.length);
  for (let i = 0; i < residuals.length; i++) {
    deviations[i] = Math.abs((residuals[i] as number) - center);
  }
  return 1.4826 * median(deviations);
}

/** Huber's tuning constant: 95 % efficiency at normal residuals. */
export const HUBER_K = 1.345;

/** Huber IRLS weight of a residual at scale σ. */
export function huberWeight(residual: number, scale: number): number {
  const limit = HUBER_K * scale;
  const size = Math.abs(residual);
  return size <= limit ? 1 : limit / size;
}
