/**
 * Knobs for `npm run bench:decline`, read once from the environment.
 * BENCH_QUICK=1 is a smoke run (30 wells, fewer repeats); the defaults are the real run.
 */
const quick = process.env.BENCH_QUICK === '1';

export const config = {
  quick,
  fit: {
    /** 20 years of daily rates. */
    days: 7_300,
    /** Timed fits per model, after a few unmeasured ones that warm the JIT. */
    repeats: quick ? 5 : 21,
    goalMs: 50,
  },
  forecastAll: {
    /** The demo workspace's size: one project of 300 wells, 5–15 years of daily production. */
    wells: quick ? 30 : 300,
    goalMs: 3_000,
  },
} as const;

/** The demo data's "today" (as bench/core uses). */
export const BENCH_TODAY = '2025-06-30';
