/**
 * The lowest and highest value of every window of `width` consecutive values
 * (`min[j]`, `max[j]`: of `values[j, j + width)`), in a few steps per value whatever the
 * width (van Herk and Gil-Werman): running extremes from the start and towards the end
 * of each block of `width` values; every window spans at most two blocks.
 *
 * The rules' medians are the costly part of a scan; a median lies between its window's
 * extremes, so where the extremes alone show a test cannot pass, no median is taken.
 */
export interface WindowExtremes {
  min: Float64Array;
  max: Float64Array;
}

// Scratch reused by every call (a scan makes five per well): the running extremes, and
// the answer, which is therefore valid until the next call.
let min = new Float64Array(0);
let max = new Float64Array(0);
let fromStartMin = new Float64Array(0);
let fromStartMax = new Float64Array(0);
let toEndMin = new Float64Array(0);
let toEndMax = new Float64Array(0);

/** The extremes of every window; valid until the next call (they are its scratch). */
export function windowExtremes(
  values: ArrayLike<number>,
  length: number,
  width: number,
): WindowExtremes {
  const windows = Math.max(0, length - width + 1);
  if (windows === 0) return { min: min.subarray(0, 0), max: max.subarray(0, 0) };
  if (fromStartMin.length < length) {
    min = new Float64Array(length * 2);
    max = new Float64Array(length * 2);
    fromStartMin = new Float64Array(length * 2);
    fromStartMax = new Float64Array(length * 2);
    toEndMin = new Float64Array(length * 2);
    toEndMax = new Float64Array(length * 2);
  }
  for (let start = 0; start < length; start += width) {
    const end = Math.min(start + width, length);
    let low = values[start] as number;
    let high = low;
    for (let i = start; i < end; i++) {
      const value = values[i] as number;
      if (value < low) low = value;
      if (value > high) high = value;
      fromStartMin[i] = low;
      fromStartMax[i] = high;
    }
    low = values[end - 1] as number;
    high = low;
    for (let i = end - 1; i >= start; i--) {
      const value = values[i] as number;
      if (value < low) low = value;
      if (value > high) high = value;
      toEndMin[i] = low;
      toEndMax[i] = high;
    }
  }
  for (let j = 0; j < windows; j++) {
    const last = j + width - 1;
    const a = toEndMin[j] as number;
    const b = fromStartMin[last] as number;
    min[j] = a < b ? a : b;
    const c = toEndMax[j] as number;
    const d = fromStartMax[last] as number;
    max[j] = c > d ? c : d;
  }
  return { min: min.subarray(0, windows), max: max.subarray(0, windows) };
}
