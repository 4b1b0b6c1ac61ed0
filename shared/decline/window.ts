import { DeclineInputError } from './errors.js';
import { medianInPlace } from './robust.js';

/**
 * One production observation: t in days since the caller's reference day
 * (fractional days are fine). Daily data: the day and its rate. Monthly data:
 * the month's average daily rate (volume / days in the month) at the middle
 * of the month, where an exponential-like curve's mean rate is reached to
 * second order.
 */
export interface DeclinePoint {
  t: number;
  /** Volume per day; null, 0 or negative (shut in, not reported, bad) is not producing. */
  rate: number | null;
}

/** A producing rate: finite and > 0. */
export function isProducing(rate: number | null): rate is number {
  return rate != null && Number.isFinite(rate) && rate > 0;
}

/** Throws on a time that is not a finite number; the data cannot be ordered without it. */
export function checkTimes(series: readonly DeclinePoint[]): void {
  for (let i = 0; i < series.length; i++) {
    const t = (series[i] as DeclinePoint).t;
    if (!Number.isFinite(t)) {
      throw new DeclineInputError(`Point ${i} has time ${t}; times must be finite day numbers.`);
    }
  }
}

/**
 * Index (into the producing rates, ascending by t) of the peak rate, found on
 * a running median of five so that one spike cannot pose as the peak and cut
 * the window short. Near the ends the five-point window slides inwards rather
 * than shrinking (a one-point "median" at the last day would let an end spike
 * win). Several points share the highest median when it sits near the start;
 * the peak is the first of them whose own rate reaches that median, so a
 * declining well peaks on its first day and a ramp-up is left out.
 */
export function peakIndex(producingRates: readonly number[]): number {
  const n = producingRates.length;
  const smoothed = new Float64Array(n);
  const window = new Float64Array(5);
  let highest = -Infinity;
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, Math.min(i - 2, n - 5));
    const size = Math.min(5, n - lo);
    for (let k = 0; k < size; k++) window[k] = producingRates[lo + k] as number;
    smoothed[i] = medianInPlace(size === 5 ? window : window.subarray(0, size));
    highest = Math.max(highest, smoothed[i] as number);
  }
  let first = -1;
  for (let i = 0; i < n; i++) {
    if (smoothed[i] !== highest) continue;
    if (first < 0) first = i;
    if ((producingRates[i] as number) >= highest) return i;
  }
  return Math.max(0, first);
}

/** Checks a window the caller gave; `from > to` cannot be analysed and throws. */
export function checkWindow(from: number, to: number): void {
  if (!Number.isFinite(from) || !Number.isFinite(to)) {
    throw new DeclineInputError(`The fit window must be finite days (got [${from}, ${to}]).`);
  }
  if (from > to) {
    throw new DeclineInputError(`The fit window starts after it ends ([${from}, ${to}]).`);
  }
}
