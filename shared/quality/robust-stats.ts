/**
 * Median and median absolute deviation: location and spread that a few wild values
 * cannot move, which is what a filter for wild values needs.
 *
 * The rules take these of a sliding window at every day of every well (millions of
 * windows in a project's scan), so both work on a range of an array and sort a copy in
 * scratch space that is reused, not in a new array each time: a scan then allocates
 * nothing per window.
 */

let values = new Float64Array(64);
let deviations = new Float64Array(64);

/** The median of `source[from, to)` (all of it by default). */
export function median(source: ArrayLike<number>, from = 0, to = source.length): number {
  const count = to - from;
  if (count <= 0) throw new Error('median of no values');
  if (values.length < count) values = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) values[i] = source[from + i] as number;
  return middleOfSorted(values, count);
}

/**
 * 1.4826 × MAD of `source[from, to)`: for normally distributed values it estimates the
 * standard deviation, so thresholds read as "robust standard deviations".
 */
export function robustSigma(
  source: ArrayLike<number>,
  centre = median(source),
  from = 0,
  to = source.length,
): number {
  const count = to - from;
  if (count <= 0) throw new Error('median of no values');
  if (deviations.length < count) deviations = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) deviations[i] = Math.abs((source[from + i] as number) - centre);
  return 1.4826 * middleOfSorted(deviations, count);
}

/** Sorts `buffer[0, count)` in place and returns its middle (the mean of the two middles if even). */
function middleOfSorted(buffer: Float64Array, count: number): number {
  if (count <= 32) {
    // Insertion sort: for a window of a few dozen values faster than any general sort.
    for (let i = 1; i < count; i++) {
      const value = buffer[i] as number;
      let j = i - 1;
      while (j >= 0 && (buffer[j] as number) > value) {
        buffer[j + 1] = buffer[j] as number;
        j--;
      }
      buffer[j + 1] = value;
    }
  } else {
    buffer.subarray(0, count).sort();
  }
  const middle = count >> 1;
  return count % 2 === 1
    ? (buffer[middle] as number)
    : ((buffer[middle - 1] as number) + (buffer[middle] as number)) / 2;
}
