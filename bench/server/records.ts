import type { ProductionRecord } from '#shared/api/index.js';
import { epochDay, isoFromEpochDay } from '#shared/dates/iso-day.js';

/**
 * Deterministic, realistic-looking daily production in stored (imperial) units:
 * a hyperbolic oil decline, rising GOR and watercut, falling pressures, the odd
 * short day. Deterministic so every run sends and stores the same bytes; every
 * one of the nine fields is set so the benchmarks pay for full records.
 */

/** A repeatable jitter in [-1, 1] from two integers (no Math.random: runs must match). */
function jitter(seed: number, day: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(day + 1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * `count` consecutive days from `start`. `seed` varies the noise per well and
 * `ageDays` is how long the well has produced before `start`.
 */
export function dailyRecords(
  start: string,
  count: number,
  seed = 1,
  ageDays = 0,
): ProductionRecord[] {
  const records: ProductionRecord[] = new Array(count);
  const first = epochDay(start);
  for (let i = 0; i < count; i++) {
    const t = ageDays + i;
    const noise = 1 + 0.03 * jitter(seed, t);
    const short = (t + seed) % 37 === 0; // a pump or facility upset now and then
    const runtime = short ? 18.5 : 24;
    const oil = ((800 / Math.pow(1 + 0.9 * 0.002 * t, 1 / 0.9)) * noise * runtime) / 24;
    const gor = 1500 + 2500 * (1 - Math.exp(-t / 2000));
    const watercut = 10 + 50 * (1 - Math.exp(-t / 3000));
    records[i] = {
      date: isoFromEpochDay(first + i),
      oil_rate: round2(oil),
      water_rate: round2((oil * watercut) / (100 - watercut)),
      gas_rate: round2((oil * gor) / 1000),
      bhp: round2(800 + 2700 * Math.exp(-t / 1500) * noise),
      thp: round2(150 + 450 * Math.exp(-t / 1200)),
      choke_size: t < 180 ? 32 : 48,
      runtime,
      gor: round2(gor),
      watercut: round2(watercut),
    };
  }
  return records;
}
