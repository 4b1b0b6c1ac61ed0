/**
 * Value-axis domains and ticks on round numbers (1, 2, 2.5, 5 × 10ⁿ on linear axes;
 * 1-2-5 or 1…9 × 10ⁿ on log axes). recharts' own "nice" ticks step by quarters of the
 * data's maximum (0.45, 0.9, 1.35…), which no engineer reads at a glance.
 */
export interface AxisScale {
  domain: [number, number];
  ticks: number[];
}

const LINEAR_STEPS = [1, 2, 2.5, 5, 10];

/** A linear axis from 0 to just above `max`, with about `count` intervals. */
export function linearAxis(max: number, count = 4): AxisScale {
  if (!(max > 0) || !Number.isFinite(max)) return { domain: [0, 1], ticks: [0, 0.5, 1] };
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = (LINEAR_STEPS.find((s) => s * magnitude >= raw) ?? 10) * magnitude;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 2; i++) ticks.push(round(i * step, step));
  return { domain: [0, round(top, step)], ticks };
}

/** Fixed bounds (watercut 0–100 %) split into `count` equal intervals. */
export function fixedAxis(domain: [number, number], count = 4): AxisScale {
  const step = (domain[1] - domain[0]) / count;
  return { domain, ticks: Array.from({ length: count + 1 }, (_, i) => domain[0] + i * step) };
}

const LOG_LEVELS = [[1], [1, 2, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9]];

/**
 * A log axis around [min, max] (both > 0): bounds on the grid of the sparsest level that
 * still gives at least three ticks, so a series spanning decades gets 1, 10, 100 and one
 * spanning 2,600–3,100 gets 2,000, 3,000, 4,000.
 */
export function logAxis(min: number, max: number): AxisScale {
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max))
    return { domain: [1, 10], ticks: [1, 10] };
  let best: AxisScale = { domain: [1, 10], ticks: [1, 10] };
  for (const level of LOG_LEVELS) {
    const grid = gridAround(level, min, max);
    const lo =
      [...grid].reverse().find((value) => value <= min * (1 + 1e-9)) ?? (grid[0] as number);
    const hi = grid.find((value) => value >= max * (1 - 1e-9)) ?? (grid[grid.length - 1] as number);
    const ticks = grid.filter((value) => value >= lo && value <= hi);
    best = { domain: [lo, hi], ticks: thin(ticks, 9) };
    if (ticks.length >= 3) return best;
  }
  return best;
}

/**
 * One log axis for both sides of a chart (oil and water on the left, gas on the right):
 * whole decades around every visible value, so a height means the same number on both
 * sides and two lines cross only where their values do. Ticks at each decade, with 2 and
 * 5 between them while the axis spans at most two decades.
 */
export function decadeAxis(min: number, max: number): AxisScale {
  if (!(min > 0) || !(max >= min) || !Number.isFinite(max))
    return { domain: [1, 10], ticks: [1, 10] };
  const first = Math.floor(Math.log10(min) + 1e-9);
  let last = Math.ceil(Math.log10(max) - 1e-9);
  if (last <= first) last = first + 1;
  const level = last - first <= 2 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let exponent = first; exponent <= last; exponent++) {
    for (const mantissa of level) {
      const value = round(mantissa * 10 ** exponent, 10 ** exponent);
      if (value <= 10 ** last * (1 + 1e-9)) ticks.push(value);
    }
  }
  return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks: thin(ticks, 9) };
}

/** The level's values from the decade below `min` to the decade above `max`. */
function gridAround(level: number[], min: number, max: number): number[] {
  const first = Math.floor(Math.log10(min));
  const last = Math.ceil(Math.log10(max)) + 1;
  const grid: number[] = [];
  for (let exponent = first; exponent <= last; exponent++) {
    for (const mantissa of level) grid.push(round(mantissa * 10 ** exponent, 10 ** exponent));
  }
  return grid;
}

/** At most `limit` ticks, keeping every k-th (ten decades of 1-2-5 would crowd the axis). */
function thin(ticks: number[], limit: number): number[] {
  if (ticks.length <= limit) return ticks;
  const k = Math.ceil(ticks.length / limit);
  return ticks.filter((_, i) => i % k === 0);
}

/** Removes binary noise (0.30000000000000004) at the step's precision. */
function round(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(value.toFixed(Math.min(decimals, 15)));
}
