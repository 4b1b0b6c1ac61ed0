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
  return medianInPlace(Float64Array.from(values));
}

/**
 * The median of `values`, reordering them: Hoare's selection (expected linear
 * time) rather than a sort, since the fit takes two medians of every residual
 * in every robust round. Exactly the sorted array's middle (or middle two).
 */
export function medianInPlace(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  const upper = select(values, mid);
  if (n % 2 === 1) return upper;
  // After selection everything left of `mid` is ≤ it: the lower middle is their maximum.
  let lower = values[0] as number;
  for (let i = 1; i < mid; i++) if ((values[i] as number) > lower) lower = values[i] as number;
  return (lower + upper) / 2;
}

/** Puts the k-th smallest value at index k (smaller before, larger after) and returns it. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    // Median of three as the pivot: sorted or constant runs stay linear.
    const middle = (left + right) >> 1;
    const x = a[left] as number;
    const y = a[middle] as number;
    const z = a[right] as number;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = a[i] as number;
        a[i] = a[j] as number;
        a[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k] as number;
}

/** 1.4826 · MAD: the standard deviation for normal residuals, unmoved by outliers. */
export function robustScale(residuals: ArrayLike<number>): number {
  const scratch = Float64Array.from(residuals);
  const center = medianInPlace(scratch);
  for (let i = 0; i < scratch.length; i++) {
    scratch[i] = Math.abs((residuals[i] as number) - center);
  }
  return 1.4826 * medianInPlace(scratch);
}

/** Huber's tuning constant: 95 % efficiency at normal residuals. */
export const HUBER_K = 1.345;

/** Huber IRLS weight of a residual at scale σ. */
export function huberWeight(residual: number, scale: number): number {
  const limit = HUBER_K * scale;
  const size = Math.abs(residual);
  return size <= limit ? 1 : limit / size;
}
