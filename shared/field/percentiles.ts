/**
 * Percentiles of a type curve. Convention (oil and gas, SPE/PRMS usage): P10 is the HIGH
 * case, the value exceeded by 10 % of the wells, i.e. the 90th percentile of the values;
 * P90 is the low case (the 10th percentile); P50 the median. Between two values the
 * percentile is interpolated linearly on the sorted values with rank p × (n − 1), the
 * "inclusive" definition (numpy's default, Excel's PERCENTILE.INC), so P50 of an even count
 * is the mean of the middle two and P10/P90 of two wells lie between them.
 */

/** The q-quantile (0 ≤ q ≤ 1) of values sorted ascending; null for none. */
export function quantileSorted(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  if (q < 0 || q > 1 || Number.isNaN(q)) throw new RangeError(`quantile ${q} is not in [0, 1]`);
  const rank = q * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (rank - below);
}

export interface ExceedancePercentiles {
  /** High case: exceeded by 10 % of the values (the 90th percentile). */
  p10: number | null;
  p50: number | null;
  /** Low case: exceeded by 90 % of the values (the 10th percentile). */
  p90: number | null;
}

/** P10, P50 and P90 of some values (order does not matter; non-finite values are refused). */
export function exceedancePercentiles(values: readonly number[]): ExceedancePercentiles {
  for (const [index, value] of values.entries()) {
    if (!Number.isFinite(value)) throw new RangeError(`value ${index} is not a finite number`);
  }
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p10: quantileSorted(sorted, 0.9),
    p50: quantileSorted(sorted, 0.5),
    p90: quantileSorted(sorted, 0.1),
  };
}
