/**
 * Entry point of `npm run bench:surveillance`: variance to forecast and lost production of a
 * project of 20,000 wells with a year of daily production each (7.3 million cached rows), half
 * of them with a saved fit, one in ten with two well events (so the attribution is in the
 * figure), from the cache. Printed beside a baseline measured in the same run: reading the
 * same days (date, oil and runtime) with better-sqlite3, nothing else. Goal: under 5 s each.
 * The core answers in its own process in the desktop app, never on the UI thread; here it
 * runs in this one. BENCH_QUICK=1 is a smoke run (1,000 wells).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { CACHE_FILE_NAME } from '#core/index.js';
import { startCore } from '#core/testing/core-harness.js';
import { startDemoServer } from '#core/testing/demo-server.js';
import { ApiClient } from '#shared/client/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { fmt, Report, timeRuns, verdict } from '../core/report.js';
import { fillCache } from './fill-cache.js';

const quick = process.env.BENCH_QUICK === '1';
const WELLS = quick ? 1_000 : 20_000;
const DAYS = 365;
const FROM = '2025-01-01';
const REPEATS = quick ? 2 : 3;
const GOAL_MS = 5_000;

/** Copies the one well the core listed into `count` wells of the same project, in the cache. */
function cloneWells(dataDir: string, firstId: string, count: number): string[] {
  const db = new Database(join(dataDir, CACHE_FILE_NAME));
  try {
    const columns = (db.pragma('table_info(wells)') as Array<{ name: string }>)
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'name');
    const insert = db.prepare(
      `INSERT INTO wells (id, name, ${columns.join(', ')})
       SELECT ?, ?, ${columns.join(', ')} FROM wells WHERE id = ?`,
    );
    const ids = [firstId];
    db.transaction(() => {
      for (let w = 1; w < count; w++) {
        const id = `wel_bench_${w}`;
        insert.run(id, `Bench ${w + 1}H`, firstId);
        ids.push(id);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** Two events on one well in ten: a week's facility outage and a lift failure still going on. */
function addEvents(
  dataDir: string,
  connectionId: string,
  projectId: string,
  ids: string[],
): number {
  const db = new Database(join(dataDir, CACHE_FILE_NAME));
  try {
    const insert = db.prepare(
      `INSERT INTO well_events (connection_id, project_id, id, well_id, start_date, end_date,
         category, note, updated_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, 'synced')`,
    );
    let count = 0;
    const at = new Date().toISOString();
    db.transaction(() => {
      ids.forEach((wellId, w) => {
        if (w % 10 !== 0) return;
        const start = addDays(FROM, 200 + (w % 50));
        insert.run(
          connectionId,
          projectId,
          randomUUID(),
          wellId,
          start,
          addDays(start, 6),
          'Facility',
          at,
        );
        insert.run(
          connectionId,
          projectId,
          randomUUID(),
          wellId,
          addDays(FROM, 330),
          null,
          'Artificial-lift failure',
          at,
        );
        count += 2;
      });
    })();
    return count;
  } finally {
    db.close();
  }
}

/** The baseline: the days lost production reads (date, oil, runtime), with nothing else. */
function readSameDays(dataDir: string, connectionId: string, ids: readonly string[]): number {
  const db = new Database(join(dataDir, CACHE_FILE_NAME), { readonly: true });
  try {
    const read = db
      .prepare(
        `SELECT date, oil_rate, runtime FROM production
         WHERE connection_id = ? AND well_id = ? ORDER BY date`,
      )
      .raw();
    let rows = 0;
    for (const wellId of ids) rows += read.all(connectionId, wellId).length;
    return rows;
  } finally {
    db.close();
  }
}

const report = new Report();
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline surveillance benchmark${quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ` +
    `${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
const started = performance.now();
const demo = await startDemoServer({ wellCounts: [0] });
try {
  const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
  const project = await api.createProject({ name: 'Large field', unitSystem: 'imperial' });
  const first = await api.createWell(project.id, { name: 'Bench 1H' });
  const harness = await startCore(demo);
  try {
    await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
    await harness.closeCore();
    const setup = performance.now();
    const ids = cloneWells(harness.dataDir, first.id, WELLS);
    const connectionId = fillCache(harness.dataDir, ids, FROM, DAYS);
    const events = addEvents(harness.dataDir, connectionId, project.id, ids);
    const core = await harness.reopen();
    for (const [index, wellId] of ids.entries()) {
      if (index % 2 === 1) continue;
      await core.handlers['decline-fit-save']({
        projectId: project.id,
        wellId,
        stream: 'oil',
        frequency: 'daily',
        window: { from: FROM, to: addDays(FROM, 89) },
        anchorDate: FROM,
        model: { kind: 'exponential', qi: 500, di: 0.3 },
      });
    }
    process.stdout.write(
      `${fmt.count(WELLS)} wells × ${DAYS} days = ${fmt.count(WELLS * DAYS)} cached rows, ` +
        `${fmt.count(events)} events, ${fmt.count(WELLS / 2)} saved fits ` +
        `(set up in ${fmt.ms(performance.now() - setup)})\n\n`,
    );
    report.header();
    // The first run is not in the median: it warms the JIT and, the first time a well is
    // read, packs its years (as the well page's charts do); it is printed beside.
    const time = (run: () => unknown) => timeRuns(REPEATS, run);
    const baseline = await time(() => readSameDays(harness.dataDir, connectionId, ids));
    report.record('readSameDays', baseline);
    for (const [name, handler] of [
      ['variance to forecast', 'variance-list'],
      ['lost production', 'lost-production'],
    ] as const) {
      let wells = 0;
      const figure = await time(async () => {
        const result = await core.handlers[handler]({ projectId: project.id });
        wells = result.wells.length;
      });
      if (wells !== WELLS) throw new Error(`${handler} listed ${wells} wells, not ${WELLS}`);
      report.record(handler, figure);
      report.row({
        benchmark: `${name}, ${fmt.count(WELLS)} wells × 1 year, from the cache`,
        result: `${fmt.ms(figure.wall)} (CPU ${fmt.ms(figure.cpu)}; first ${fmt.ms(figure.first)})`,
        reference: `reading the same days: ${fmt.ms(baseline.wall)} (CPU ${fmt.ms(baseline.cpu)})`,
        goal: `< ${fmt.count(GOAL_MS)} ms`,
        verdict: verdict(figure.wall < GOAL_MS),
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
    quick,
    node: process.version,
    cpus: cpus().length,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    totalSeconds: (performance.now() - started) / 1000,
    config: { wells: WELLS, days: DAYS, repeats: REPEATS, goalMs: GOAL_MS },
  },
  'surveillance',
);
process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}`);
if (Math.max(loadBefore, loadavg()[0]!) > cpus().length) {
  process.stdout.write(' (above the CPU count: other processes competed with this run)');
}
process.stdout.write(`\nResults written to ${file}\n`);
