import { DeclineInputError } from './errors.js';
import { median } from './robust.js';

/** One production observation: t in days since the caller's reference day. */
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
 * Index (into `producing`, ascending by t) of the peak rate, found on a running
 * median of five so that one spike cannot pose as the peak and cut the window
 * short. The window shrinks symmetrically at the ends, so the first point of a
 * steadily declining well is its own median and is the peak.
 */
export function peakIndex(producingRates: readonly number[]): number {
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < producingRates.length; i++) {
    const half = Math.min(2, i, producingRates.length - 1 - i);
    const smoothed = median(producingRates.slice(i - half, i + half + 1));
    if (smoothed > bestValue) {
      bestValue = smoothed;
      best = i;
    }
  }
  return best;
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
