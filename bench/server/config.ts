/**
 * Knobs for the server benchmarks, read once from the environment.
 * BENCH_QUICK=1 is a smoke run (a minute or so); the defaults are the real run.
 */
const quick = process.env.BENCH_QUICK === '1';

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds`);
  return value;
}

export const config = {
  quick,
  /** Length of each autocannon run (API and ceiling each get one). */
  loadSeconds: quick ? 3 : 10,
  /** Unmeasured load before each measured run, so the JIT and page cache are warm. */
  warmupSeconds: quick ? 1 : 2,
  /** Connections for throughput runs: enough to keep one server core busy. */
  connections: 10,
  /** Repetitions of the 10,000-record POST (and of the raw upsert beside it). */
  writeRepeats: quick ? 3 : 7,
  soakSeconds: seconds('BENCH_SOAK_SECONDS', quick ? 5 : 30),
  soakClients: 50,
  /** Profile the server child with --cpu-prof into bench/results/profiles. */
  cpuProfile: process.env.BENCH_CPU_PROF === '1',
} as const;
