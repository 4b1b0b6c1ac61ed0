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

/** A point this many times the larger of its next two is a spike, not a peak (see peakIndex). */
const SPIKE_RATIO = 2.5;

/**
 * Index (into the producing rates, ascending by t) of the peak rate: where the
 * decline starts, so that a ramp-up or clean-up period before it is left out of
 * the fit. The peak region is found on a running median of five, so that one
 * spike cannot pose as the peak and cut the window short; near the ends the
 * five-point window slides inwards rather than shrinking (a one-point "median"
 * at the last day would let an end spike win). The region starts at the first
 * point whose own rate reaches the highest median. The peak is then the highest
 * rate from the first point to two points past that start, spikes aside.
 *
 * Taking the highest rate there, rather than the first to reach the median, is
 * what leaves a clean-up month out: on a steep monthly decline the median of
 * the first five months is well below the first month's rate, so a partial or
 * cleaning-up month before it can reach the median too, and a fit that starts
 * there bends its curve (too low a b, reserves too low).
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
  let start = -1;
  for (let i = 0; i < n && start < 0; i++) {
    if (smoothed[i] === highest && (producingRates[i] as number) >= highest) start = i;
  }
  if (start < 0) start = Math.max(0, smoothed.indexOf(highest));
  let peak = start;
  for (let i = 0; i <= Math.min(n - 1, start + 2); i++) {
    const rate = producingRates[i] as number;
    if (rate > (producingRates[peak] as number) && !isSpike(producingRates, i)) peak = i;
  }
  return peak;
}

/**
 * A rate far above both of the next two (or, at the end, both of the last two
 * before it) is a spike: a true peak is followed by the start of the decline,
 * which does not fall by more than half in one step.
 */
function isSpike(rates: readonly number[], i: number): boolean {
  const n = rates.length;
  const neighbours = i + 1 < n ? rates.slice(i + 1, i + 3) : rates.slice(Math.max(0, i - 2), i);
  if (neighbours.length === 0) return false;
  return (rates[i] as number) > SPIKE_RATIO * Math.max(...neighbours);
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
