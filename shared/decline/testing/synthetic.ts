import { rateAt, type DeclineModel } from '../model.js';
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
