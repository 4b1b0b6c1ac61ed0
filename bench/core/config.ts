/**
 * Knobs for the desktop-core benchmarks, read once from the environment.
 * BENCH_QUICK=1 is a smoke run (well under a minute); the defaults are the real run.
 * BENCH_ONLY=read,wells runs only the benchmarks named (read, fill, wells, sync, download,
 * replica).
 */
const quick = process.env.BENCH_QUICK === '1';

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()) ?? null;

export const config = {
  quick,
  /** BENCH_ONLY's names, or null for a full run. */
  only,
  /** Whether the benchmark of that name should run. */
  runs: (name: 'read' | 'fill' | 'wells' | 'sync' | 'download' | 'replica') =>
    only === null || only.includes(name),
  read: {
    /** One well's 20 years of daily data. */
    days: 7_300,
    /** Timed reads per figure (after a few unmeasured ones that warm the JIT). */
    repeats: quick ? 10 : 40,
  },
  fill: {
    rows: quick ? 100_000 : 1_000_000,
    /** Cache path and raw insert alternate; the best round of each counts. */
    rounds: quick ? 1 : 2,
  },
  wellList: {
    /** One project: 20,000 wells, each with 3 years of daily production. */
    wells: quick ? 2_000 : 20_000,
    days: 1_095,
    repeats: quick ? 5 : 20,
  },
  replica: {
    /** The demo's Permian project. */
    wells: quick ? 30 : 141,
    /** A big project kept current. */
    manyWells: quick ? 500 : 20_000,
    /** Days of each of those wells: the project's size, not its depth, is measured. */
    manyWellsDays: 28,
    refreshRuns: quick ? 3 : 10,
  },
  download: {
    /** One demo project of this many wells (the demo workspace's size). */
    wells: quick ? 30 : 300,
    years: 10,
  },
} as const;

/** The demo data ends here in every run, so the figures compare across runs. */
export const BENCH_TODAY = '2025-06-30';
