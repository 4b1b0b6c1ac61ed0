/**
 * Knobs for `npm run bench:field`, read once from the environment.
 * BENCH_QUICK=1 is a smoke run (30 wells, fewer repeats); the defaults are the real run.
 */
const quick = process.env.BENCH_QUICK === '1';

export const config = {
  quick,
  /** The demo workspace's size: one project of 300 wells, here each with 10 years of days. */
  wells: quick ? 30 : 300,
  days: 3_650,
  /** Timed runs per figure, after one unmeasured run that warms the JIT and SQLite's pages. */
  repeats: quick ? 3 : 9,
  goalMs: 500,
  /** The data-quality scan of the same project (every rule on every well). */
  scanGoalMs: 2_000,
  /** Variance to forecast and lost production of the same project, each. */
  surveillanceGoalMs: 1_000,
} as const;
