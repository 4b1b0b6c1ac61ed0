/**
 * Median and median absolute deviation: location and spread that a few wild values
 * cannot move, which is what a filter for wild values needs.
 */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * 1.4826 × MAD: for normally distributed values it estimates the standard deviation,
 * so thresholds read as "robust standard deviations".
 */
export function robustSigma(values: readonly number[], centre = median(values)): number {
  return 1.4826 * median(values.map((value) => Math.abs(value - centre)));
}
