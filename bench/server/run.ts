/**
 * Entry point of `npm run bench:server`: starts the fixture server in a child
 * process, runs the benchmarks against it over loopback, prints a table
 * and writes bench/results/server.json. A missed goal is printed as MISS but
 * is not a failure; a dirty soak (5xx, transport error, lost write) is, so the
 * exit code is non-zero only then. BENCH_QUICK=1 for a smoke run.
 * `-- --db postgres` runs everything again on PostgreSQL in the same run (engines.ts), then
 * two instances on one database (two-instances.ts), and prints both engines side by side.
 */
import { cpus, loadavg } from 'node:os';
import {
  CONDITION_WORDS,
  conditionsFromArgs,
  inCondition,
  type Condition,
} from '../busy-process.js';
import { printComparison } from './compare.js';
import { runConcurrentWrites } from './concurrent-writes.js';
import { config } from './config.js';
import { benchEngines, type BenchEngine } from './engines.js';
import { runReadBenchmarks } from './read-benchmarks.js';
import { Report } from './report.js';
import { runSoak } from './soak.js';
import { runTwoInstances } from './two-instances.js';
import { runWellsBenchmark } from './wells-benchmark.js';
import { runWriteBenchmark } from './write-benchmark.js';

/** Runs every benchmark on one engine; true when its soaks were clean. */
async function runEngine(
  engine: BenchEngine,
  report: Report,
  condition: Condition,
): Promise<boolean> {
  // Other work on this box skews every number; the load average says how much to trust a run.
  const loadBefore = loadavg()[0]!;
  const server = await engine.start();
  let clean: boolean;
  try {
    process.stdout.write(
      `Flowline API benchmarks on ${engine.name}, ${CONDITION_WORDS[condition]}${config.quick ? ' (BENCH_QUICK)' : ''}: server ${server.url} in a child process, ` +
        `fixture built in ${(server.setupMs / 1000).toFixed(1)} s; ${config.loadSeconds} s per load run, ` +
        `${config.connections} connections; ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
    );
    report.header();
    await runReadBenchmarks(report, server);
    await runWriteBenchmark(report, server);
    await runWellsBenchmark(report, server);
    clean = await runSoak(report, server);
    await runConcurrentWrites(report, server);
    if (engine.databaseUrl) {
      clean = (await runTwoInstances(report, server, engine.databaseUrl)) && clean;
    }
  } finally {
    await server.stop();
  }
  const file = report.write(
    {
      date: new Date().toISOString(),
      engine: engine.name,
      condition,
      quick: config.quick,
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverage: { before: loadBefore, after: loadavg()[0] },
      config,
    },
    condition === 'idle' ? engine.resultsFile : engine.resultsFile.replace(/\.json$/, '-busy.json'),
  );
  process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}`);
  if (Math.max(loadBefore, loadavg()[0]!) > cpus().length) {
    process.stdout.write(
      ' (above the CPU count: other processes competed with this run; compare ratios, not absolutes)',
    );
  }
  process.stdout.write(`\nResults written to ${file}\n\n`);
  return clean;
}

const args = process.argv.slice(2);
const { engines, close } = await benchEngines(args.filter((arg) => !/^--(idle|busy)$/.test(arg)));
let clean = true;
try {
  // Each goal is judged twice: idle, then beside a CPU-bound process the run starts itself.
  for (const condition of conditionsFromArgs(args)) {
    const reports: Report[] = [];
    await inCondition(condition, async () => {
      for (const engine of engines) {
        const report = new Report();
        reports.push(report);
        clean = (await runEngine(engine, report, condition)) && clean;
      }
    });
    if (reports.length === 2) printComparison(reports[0]!, reports[1]!);
  }
} finally {
  await close();
}
if (!clean) {
  process.stdout.write('Soak FAILED: 5xx, transport errors or lost writes (see above)\n');
  process.exitCode = 1;
}
