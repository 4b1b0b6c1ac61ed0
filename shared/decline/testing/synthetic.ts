import { cumulativeAt, rateAt, type DeclineModel } from '../model.js';
import type { DeclinePoint } from '../window.js';

/** mulberry32: a small seeded generator, so a failing case replays from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Exact daily rates of `model` on days 0..days−1. */
export function exactDaily(model: DeclineModel, days: number): DeclinePoint[] {
  return Array.from({ length: days }, (_, t) => ({ t, rate: rateAt(model, t) }));
}

export interface Disturbance {
  /** Standard deviation of the log-normal noise. */
  sigma: number;
  /** Chance that a day is shut in (rate 0 or not reported). */
  shutInChance: number;
  /** Number of multi-day shut-ins. */
  shutInRuns: number;
  /** Number of spikes (×3–10 or ÷3–10). */
  spikes: number;
}

/**
 * Daily rates of `model` with log-normal noise, random shut-in days and runs,
 * and a few spikes: what allocated daily production looks like.
 */
export function disturbedDaily(
  model: DeclineModel,
  days: number,
  disturbance: Disturbance,
  random: () => number,
): DeclinePoint[] {
  const points: DeclinePoint[] = exactDaily(model, days).map(({ t, rate }) => ({
    t,
    rate: (rate as number) * Math.exp(disturbance.sigma * normal(random)),
  }));
  for (const point of points) {
    if (random() < disturbance.shutInChance) point.rate = random() < 0.5 ? 0 : null;
  }
  for (let run = 0; run < disturbance.shutInRuns; run++) {
    const start = Math.floor(random() * days);
    const length = 5 + Math.floor(random() * 25);
    for (let t = start; t < Math.min(days, start + length); t++) points[t]!.rate = 0;
  }
  for (let spike = 0; spike < disturbance.spikes; spike++) {
    // Away from day 0, so the peak stays the well's first day.
    const point = points[5 + Math.floor(random() * (days - 5))]!;
    if (point.rate == null || point.rate <= 0) continue;
    const factor = 3 + random() * 7;
    point.rate = random() < 0.7 ? point.rate * factor : point.rate / factor;
  }
  return points;
}

/** The average month of the Julian year the library counts in (units.ts), in days. */
export const MONTH_DAYS = 365.25 / 12;

export interface RampedMonthly {
  /** Monthly points: each month's average daily rate at its middle. */
  series: DeclinePoint[];
  /** The day the true curve's qi refers to: the start of the first declining month. */
  t0: number;
  /** The end of the last month: where the history stops and a forecast starts. */
  endDay: number;
}

/**
 * Monthly production of `model` after `rampMonths` clean-up months: each month's
 * average daily rate (the exact volume of the month over its days, from the
 * closed-form cumulative) with log-normal noise `sigma`, at the middle of the
 * month. The clean-up months produce a fraction of the first declining month's
 * rate, rising towards it (a partial first month, a well still cleaning up), so
 * they sit below the peak by more than the noise.
 */
export function rampedMonthly(
  model: DeclineModel,
  rampMonths: number,
  declineMonths: number,
  sigma: number,
  random: () => number,
): RampedMonthly {
  const t0 = rampMonths * MONTH_DAYS;
  const series: DeclinePoint[] = [];
  const firstMonthRate = cumulativeAt(model, MONTH_DAYS) / MONTH_DAYS;
  let fraction = 0.3 + 0.4 * random();
  for (let k = 0; k < rampMonths; k++) {
    const rate = firstMonthRate * fraction * Math.exp(sigma * normal(random));
    series.push({ t: (k + 0.5) * MONTH_DAYS, rate });
    fraction += (0.85 - fraction) * (0.3 + 0.5 * random());
  }
  for (let k = 0; k < declineMonths; k++) {
    const volume = cumulativeAt(model, (k + 1) * MONTH_DAYS) - cumulativeAt(model, k * MONTH_DAYS);
    const rate = (volume / MONTH_DAYS) * Math.exp(sigma * normal(random));
    series.push({ t: t0 + (k + 0.5) * MONTH_DAYS, rate });
  }
  return { series, t0, endDay: t0 + declineMonths * MONTH_DAYS };
}
