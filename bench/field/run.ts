/**
 * Entry point of `npm run bench:field`: field-totals over a project of 300 wells with ten
 * years of daily production each, from the cache, daily and monthly, printed beside a
 * baseline measured in the same run (reading the same rows from the cache with
 * better-sqlite3, nothing else), and written to bench/results/field.json. Goal: under
 * 500 ms (median wall time, CPU time printed beside it). Then the data-quality scan of
 * the same project (every rule on every well), beside reading every production field of
 * the same rows; goal: under 2 s. Then variance to forecast and lost production of the
 * same project; goal: under 1 s each. The exit code is non-zero only
 * when the benchmark could not run. BENCH_QUICK=1 for a smoke run.
 */
import { cpus, loadavg } from 'node:os';
import { ApiClient } from '#shared/client/index.js';
import { startCore } from '#core/testing/core-harness.js';
import { startDemoServer } from '#core/testing/demo-server.js';
import { fmt, Report, timeRuns, verdict } from '../core/report.js';
import { config } from './config.js';
import { fillCache, readSameRows } from './fill-cache.js';

const FROM = '2015-07-01';

const report = new Report();
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline field benchmarks${config.quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ` +
    `${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
const started = performance.now();
const demo = await startDemoServer({ wellCounts: [0] });
try {
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
  const project = await api.createProject({ name: 'Field bench', unitSystem: 'imperial' });
  const wellIds: string[] = [];
  for (let w = 0; w < config.wells; w++) {
    wellIds.push((await api.createWell(project.id, { name: `Bench ${w + 1}H` })).id);
  }
  const harness = await startCore(demo);
  try {
    await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
    await harness.closeCore();
    const connectionId = fillCache(harness.dataDir, wellIds, FROM, config.days);
    const core = await harness.reopen();
    process.stdout.write(
      `${fmt.count(config.wells)} wells × ${fmt.count(config.days)} days = ` +
        `${fmt.count(config.wells * config.days)} cached rows\n\n`,
    );
    report.header();

    const time = async (run: () => unknown) => {
      const { wall, cpu } = await timeRuns(config.repeats, run);
      return { wall, cpu };
    };

    const baseline = await time(() => readSameRows(harness.dataDir, connectionId, wellIds));
    report.record('readSameRows', baseline);
    for (const aggregation of ['daily', 'monthly'] as const) {
      let days = 0;
      const figure = await time(async () => {
        const result = await core.handlers['field-totals']({ projectId: project.id, aggregation });
        days = result.dates.length;
        if (result.wellsWithProduction !== config.wells) {
          throw new Error(`summed ${result.wellsWithProduction} wells, not ${config.wells}`);
        }
      });
      report.record(`fieldTotals.${aggregation}`, { ...figure, rows: days });
      report.row({
        benchmark: `field-totals, ${config.wells} wells × 10 years, ${aggregation} (${fmt.count(days)} rows out)`,
        result: `${fmt.ms(figure.wall)} (CPU ${fmt.ms(figure.cpu)})`,
        reference: `reading the same rows: ${fmt.ms(baseline.wall)} (CPU ${fmt.ms(baseline.cpu)})`,
        goal: `< ${config.goalMs} ms`,
        verdict: verdict(figure.wall < config.goalMs),
      });
    }

    const allColumns = await time(() =>
      readSameRows(harness.dataDir, connectionId, wellIds, 'all'),
    );
    report.record('readSameRows.allFields', allColumns);
    let findings = 0;
    const scan = await time(async () => {
      const result = await core.handlers['quality-scan']({ projectId: project.id });
      findings = result.findings.length;
      if (result.wellsScanned !== config.wells) {
        throw new Error(`scanned ${result.wellsScanned} wells, not ${config.wells}`);
      }
    });
    report.record('qualityScan', { ...scan, findings });
    report.row({
      benchmark: `data-quality scan, ${config.wells} wells × 10 years (${fmt.count(findings)} findings)`,
      result: `${fmt.ms(scan.wall)} (CPU ${fmt.ms(scan.cpu)})`,
      reference: `reading every field: ${fmt.ms(allColumns.wall)} (CPU ${fmt.ms(allColumns.cpu)})`,
      goal: `< ${fmt.count(config.scanGoalMs)} ms`,
      verdict: verdict(scan.wall < config.scanGoalMs),
    });

    // Surveillance: each well's oil and runtime over every day (lost production), or its
    // oil (variance), beside reading the same rows' fields. Half the wells have a saved fit
    // (judged against it), half not (variance lists them; lost production uses their
    // trailing rate).
    for (const [index, wellId] of wellIds.entries()) {
      if (index % 2 === 1) continue;
      await core.handlers['decline-fit-save']({
        projectId: project.id,
        wellId,
        stream: 'oil',
        frequency: 'daily',
        window: { from: FROM, to: '2016-06-30' },
        anchorDate: FROM,
        model: { kind: 'exponential', qi: 500, di: 0.3 },
      });
    }
    for (const [name, handler] of [
      ['variance to forecast', 'variance-list'],
      ['lost production', 'lost-production'],
    ] as const) {
      let wells = 0;
      const figure = await time(async () => {
        const result = await core.handlers[handler]({ projectId: project.id });
        wells = result.wells.length;
      });
      if (wells !== config.wells) throw new Error(`${handler} listed ${wells} wells`);
      report.record(handler, figure);
      report.row({
        benchmark: `${name}, ${config.wells} wells × 10 years, from the cache`,
        result: `${fmt.ms(figure.wall)} (CPU ${fmt.ms(figure.cpu)})`,
        reference: `reading the same rows: ${fmt.ms(baseline.wall)} (CPU ${fmt.ms(baseline.cpu)})`,
        goal: `< ${fmt.count(config.surveillanceGoalMs)} ms`,
        verdict: verdict(figure.wall < config.surveillanceGoalMs),
      });
    }
  } finally {
    await harness.close();
  }
} catch (error) {
  process.exitCode = 1;
  process.stdout.write(
    `\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`,
  );
} finally {
  await demo.close();
}
const file = report.write(
  {
    date: new Date().toISOString(),
    quick: config.quick,
    node: process.version,
    cpus: cpus().length,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    totalSeconds: (performance.now() - started) / 1000,
    config,
  },
  'field',
);
process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}`);
if (Math.max(loadBefore, loadavg()[0]!) > cpus().length) {
  process.stdout.write(' (above the CPU count: other processes competed with this run)');
}
process.stdout.write(`\nResults written to ${file}\n`);
