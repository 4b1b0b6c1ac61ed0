/**
 * Entry point of `npm run bench:decline`: decline fitting and "Forecast all
 * wells", each figure printed beside a baseline measured in the same run and
 * PASS/FAIL against its goal, and written to bench/results/decline.json. The
 * exit code is non-zero only when a benchmark could not run. BENCH_QUICK=1 for
 * a smoke run.
 */
import { cpus, loadavg } from 'node:os';
import { Report } from '../core/report.js';
import { config } from './config.js';
import { runFitBenchmark } from './fit-benchmark.js';
import { runForecastAllBenchmark } from './forecast-all-benchmark.js';

const report = new Report();
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline decline benchmarks${config.quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ` +
    `${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
report.header();
const started = performance.now();
try {
  await runFitBenchmark(report);
  await runForecastAllBenchmark(report);
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
  'decline',
);
process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}`);
if (Math.max(loadBefore, loadavg()[0]!) > cpus().length) {
  process.stdout.write(' (above the CPU count: other processes competed with this run)');
}
process.stdout.write(`\nResults written to ${file}\n`);
