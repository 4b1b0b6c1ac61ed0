/**
 * Entry point of `npm run bench:changes`: the changes extension
 * (GET /api/v1/projects/{projectId}/changes) on a project of 20,000 wells, through the real
 * ApiClient against the real server (SQLite) on a loopback port. Measures the first look
 * (every well listed), the nothing-changed request a desktop sends on every refresh (median
 * and p95; goal < 100 ms), and the look after one production POST on each of 100 wells, which
 * must list exactly those 100. Figures are printed and written to bench/results/changes.json;
 * a slow machine only reports MISS. The exit code is non-zero when the benchmark could not run
 * or the 100 changed wells were not listed exactly. BENCH_QUICK=1 for a smoke run (fewer repeats).
 */
import { cpus, loadavg } from 'node:os';
import { buildFixture, WELL_COUNT } from './server/fixture-data.js';
import { fmt, median, Report, verdict } from './core/report.js';
import { ApiClient } from '#shared/client/index.js';
import { startTestServer } from '#shared/client/testing/real-server.js';

const quick = process.env.BENCH_QUICK === '1';
const REPEATS = quick ? 10 : 50;
const CHANGED = 100;
const GOAL_MS = 100;

/** The value at `fraction` of the sorted samples (nearest rank). */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await run();
  return { ms: performance.now() - t0, value };
}

const report = new Report();
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline changes benchmark${quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ` +
    `${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
const started = performance.now();
const server = await startTestServer();
// Set by the exact-count check, or when the benchmark could not run.
let failed: boolean;
try {
  // The server benchmark's project: 20,000 wells written straight into the server's database.
  const fixture = buildFixture(server.server.db);
  const api = new ApiClient({ baseUrl: server.baseUrl, token: fixture.token, rateLimit: false });
  if (!(await api.offersProjectChanges())) throw new Error('the server does not list /changes');
  report.header();

  const first = await timed(() => api.getProjectChanges(fixture.projectId, null));
  if (first.value.wells.length !== WELL_COUNT) {
    throw new Error(`the first look listed ${first.value.wells.length} wells, not ${WELL_COUNT}`);
  }
  report.record('firstLookMs', first.ms);
  report.row({
    benchmark: `first look, since absent (${fmt.count(WELL_COUNT)} wells listed)`,
    result: fmt.ms(first.ms),
  });

  const { version } = first.value;
  const quiet: number[] = [];
  // One unmeasured request first, so the figures are of a warm server.
  await api.getProjectChanges(fixture.projectId, version);
  for (let i = 0; i < REPEATS; i++) {
    const look = await timed(() => api.getProjectChanges(fixture.projectId, version));
    if (look.value.wells.length !== 0) throw new Error('nothing changed, yet wells were listed');
    quiet.push(look.ms);
  }
  const quietMedian = median(quiet);
  const quietP95 = percentile(quiet, 0.95);
  report.record('nothingChangedMs', { median: quietMedian, p95: quietP95, runs: REPEATS });
  report.row({
    benchmark: `nothing changed, since = version (${REPEATS} runs)`,
    result: `median ${fmt.ms(quietMedian)}, p95 ${fmt.ms(quietP95)}`,
    goal: `< ${GOAL_MS} ms`,
    verdict: verdict(quietP95 < GOAL_MS),
  });

  // One production POST on each of 100 wells spread over the project.
  const step = Math.floor(WELL_COUNT / CHANGED);
  const changed = Array.from({ length: CHANGED }, (_, i) => first.value.wells[i * step]!.id);
  for (const wellId of changed) {
    await api.upsertProduction(fixture.projectId, wellId, [{ date: '2025-01-01', oil_rate: 42 }]);
  }
  const after = await timed(() => api.getProjectChanges(fixture.projectId, version));
  const listed = after.value.wells.map((well) => well.id);
  const exact =
    listed.length === CHANGED &&
    [...listed].sort().join() === [...changed].sort().join() &&
    after.value.version === version + CHANGED;
  failed = !exact;
  report.record('afterChangesMs', after.ms);
  report.record('afterChangesListed', listed.length);
  report.row({
    benchmark: `after one POST on each of ${CHANGED} wells (${listed.length} listed)`,
    result: fmt.ms(after.ms),
    goal: `${CHANGED} exact`,
    verdict: exact ? 'PASS' : 'FAIL',
  });
} catch (error) {
  failed = true;
  process.stdout.write(
    `\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`,
  );
} finally {
  await server.close();
}
const file = report.write(
  {
    date: new Date().toISOString(),
    quick,
    node: process.version,
    cpus: cpus().length,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    totalSeconds: (performance.now() - started) / 1000,
  },
  'changes',
);
process.stdout.write(`\nRaw figures: ${file}\n`);
if (failed) process.exitCode = 1;
