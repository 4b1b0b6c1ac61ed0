/**
 * Entry point of `npm run bench:core`: the desktop core's benchmarks,
 * each printed as a table row when done and written to bench/results/core.json.
 * A missed goal is printed as MISS, not a failure: the exit code is non-zero
 * only when a benchmark could not run. BENCH_QUICK=1 for a smoke run.
 */
import { cpus, loadavg } from 'node:os';
import { config } from './config.js';
import { runDownloadBenchmark } from './download-benchmark.js';
import { runFillBenchmark } from './fill-benchmark.js';
import { runReadBenchmark } from './read-benchmark.js';
import { runReplicaBenchmark } from './replica-benchmark.js';
import { Report } from './report.js';
import { runSyncBenchmark } from './sync-benchmark.js';
import { runWellListBenchmark } from './well-list-benchmark.js';

const report = new Report();
// Other work on this box skews every number; the load average says how much to trust a run.
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline desktop-core benchmarks${config.quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ` +
    `${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
report.header();
const started = performance.now();
try {
  if (config.runs('read')) await runReadBenchmark(report);
  if (config.runs('fill')) runFillBenchmark(report);
  if (config.runs('wells')) runWellListBenchmark(report);
  if (config.runs('sync')) await runSyncBenchmark(report);
  if (config.runs('download')) await runDownloadBenchmark(report);
  if (config.runs('replica')) await runReplicaBenchmark(report);
} catch (error) {
  process.exitCode = 1;
  process.stdout.write(`\nA benchmark could not run: ${(error as Error).stack ?? String(error)}\n`);
}

const file = report.write(
  {
    date: new Date().toISOString(),
    quick: config.quick,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    totalSeconds: (performance.now() - started) / 1000,
    config,
  },
  config.only === null ? 'core' : `core.${config.only.join('+')}`,
);
process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}`);
if (Math.max(loadBefore, loadavg()[0]!) > cpus().length) {
  process.stdout.write(' (above the CPU count: other processes competed with this run)');
}
process.stdout.write(`\nResults written to ${file}\n`);
