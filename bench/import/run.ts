/**
 * Entry point of `npm run bench:import`: the CSV import engine.
 * 1. A generated 100,000-row CSV (8 columns, one well) parsed, mapped and
 *    validated by the core's import-preview, against bare csv-parse (default
 *    options, every record collected) on the same bytes in the same run;
 *    rounds alternate and the best of each counts. Goal: ratio ≥ 0.5.
 * 2. The commit, then the time to sync the 100,000 records to a local API
 *    server in a child process (sync-now until the outbox is empty).
 * 3. The same rows as an Excel workbook (.xlsx, dates as text, numbers as
 *    numbers) previewed against the CSV, rounds alternating: goal ≤ 2× the
 *    CSV's time; the peak heap + buffer growth of each preview is printed.
 * Prints a table and writes bench/results/import.json. BENCH_QUICK=1: 20,000 rows.
 */
import { parse } from 'csv-parse/sync';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '#shared/client/index.js';
import type { SyncStatus } from '#shared/desktop/index.js';
import { startCore, type CoreHarness } from '#core/testing/core-harness.js';
import { startChildServer } from '../core/server-process.js';
import { fmt, Report, RESULTS_DIR, verdict } from '../core/report.js';
import { epochDay, isoFromEpochDay } from '#shared/dates/iso-day.js';
import { buildWorkbook, type Cell } from '#core/import/testing/xlsx-builder.js';

const quick = process.env.BENCH_QUICK === '1';
const ROWS = quick ? 20_000 : 100_000;
const ROUNDS = quick ? 2 : 4;
const GOAL_RATIO = 0.5;
const GOAL_XLSX_RATIO = 2;

/** The CSV's rows as a sheet: the date as text (pre-1900 days have no serial), numbers as numbers. */
function asWorkbook(text: string): Promise<Buffer> {
  const rows: Cell[][] = text
    .trimEnd()
    .split('\n')
    .map((line, i) => line.split(',').map((cell, c) => (i === 0 || c === 0 ? cell : Number(cell))));
  return buildWorkbook({ sheets: [{ name: 'Daily', rows }] });
}

/** Time and peak growth of heap + buffers (sampled every millisecond) while `run` runs. */
async function measure<T>(
  run: () => Promise<T>,
): Promise<{ ms: number; peakMb: number; value: T }> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 1);
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, used());
  return { ms, peakMb: (peak - base) / 1024 / 1024, value };
}

function generate(rows: number): string {
  const lines = [
    'Date,Oil (bbl/d),Gas (Mcf/d),Water (bbl/d),BHP (psi),Tubing Pressure (psi),Choke (64ths),Hours On',
  ];
  const start = epochDay('1750-01-01');
  for (let i = 0; i < rows; i++) {
    const date = isoFromEpochDay(start + i);
    lines.push(
      `${date},${((i % 997) / 10).toFixed(1)},${(i % 1999) + 0.5},${((i % 313) / 4).toFixed(2)},${1000 + (i % 101)}.3,${300 + (i % 53)}.1,32,${i % 7 === 0 ? 18.5 : 24}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function waitForStatus(
  harness: CoreHarness,
  done: (s: SyncStatus) => boolean,
): Promise<SyncStatus> {
  const now = await harness.core.handlers['sync-status']({});
  if (done(now)) return now;
  return new Promise((resolve) => {
    const off = harness.core.events.on('sync-status-changed', (status) => {
      if (!done(status)) return;
      off();
      resolve(status);
    });
  });
}

const report = new Report();
const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline CSV import benchmark${quick ? ' (BENCH_QUICK)' : ''}: Node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
report.header();
const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-import-'));
const server = await startChildServer({
  dbFile: join(dir, 'api.db'),
  wellCounts: [1],
  today: '2025-06-30',
  rateLimit: false,
});
let harness: CoreHarness | undefined;
try {
  const api = new ApiClient({ baseUrl: server.baseUrl, token: server.token, rateLimit: false });
  harness = await startCore(server);
  const core = harness.core.handlers;
  const projects = await core['projects-list']({});
  const projectId = projects.data.find((project) => project.unitSystem === 'imperial')!.id;
  const well = await api.createWell(projectId, { name: 'Import bench 1H' });
  await core['wells-list']({ projectId, refresh: 'await' });

  const text = generate(ROWS);
  const bytes = Buffer.from(text, 'utf8');
  const file = join(dir, 'generated.csv');
  writeFileSync(file, bytes);

  const bare: number[] = [];
  const engine: number[] = [];
  // As the desktop's main process hands over a dropped file: granted, then read by handle.
  const granted = await core['files-grant']({ path: file });
  let importId = '';
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const records = parse(bytes) as string[][];
    bare.push(performance.now() - started);
    if (records.length !== ROWS + 1) throw new Error(`csv-parse read ${records.length} records`);
    started = performance.now();
    const preview = await core['import-preview']({
      projectId,
      wellId: well.id,
      source: { kind: 'file', handle: granted.handle },
    });
    engine.push(performance.now() - started);
    if (preview.summary.validRows !== ROWS) {
      throw new Error(
        `the preview found ${preview.summary.validRows} valid rows: ${JSON.stringify(preview.invalid.slice(0, 3))}`,
      );
    }
    importId = preview.importId;
  }
  const bareMs = Math.min(...bare);
  const engineMs = Math.min(...engine);
  const ratio = bareMs / engineMs;
  report.row({
    benchmark: `Bare csv-parse of ${fmt.count(ROWS)} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB), best of ${ROUNDS}`,
    result: fmt.rate(ROWS / (bareMs / 1000)),
    reference: fmt.ms(bareMs),
  });
  report.row({
    benchmark: `import-preview: read, parse, map, validate, count replaced days`,
    result: fmt.rate(ROWS / (engineMs / 1000)),
    reference: `${fmt.ms(engineMs)}; ratio to bare ${ratio.toFixed(2)}`,
    goal: `≥ ${GOAL_RATIO}`,
    verdict: verdict(ratio >= GOAL_RATIO),
  });

  let started = performance.now();
  const committed = await core['import-commit']({ importId });
  const commitMs = performance.now() - started;
  report.row({
    benchmark: `import-commit: ${fmt.count(committed.queued)} records into the outbox (one transaction)`,
    result: fmt.ms(commitMs),
    reference: fmt.rate(committed.queued / (commitMs / 1000)),
  });

  started = performance.now();
  const returned = await core['sync-now']({});
  const drained = (s: SyncStatus) => s.phase === 'idle' && s.pending === 0 && s.syncing === 0;
  const status = drained(returned) ? returned : await waitForStatus(harness, drained);
  const syncMs = performance.now() - started;
  if (status.errors > 0 || status.conflicts > 0)
    throw new Error(`the sync failed: ${JSON.stringify(status)}`);
  const check = await api.getProduction(projectId, well.id, {
    from: '1750-01-01',
    to: '2100-12-31',
    fields: ['oil_rate'],
  });
  if (check.data.length !== ROWS)
    throw new Error(`the server holds ${check.data.length} of ${ROWS} records`);
  report.row({
    benchmark: `Sync the imported ${fmt.count(ROWS)} records to a local server (sync-now → idle)`,
    result: fmt.s(syncMs),
    reference: fmt.rate(ROWS / (syncMs / 1000)),
  });

  const workbook = await asWorkbook(text);
  const xlsxFile = join(dir, 'generated.xlsx');
  writeFileSync(xlsxFile, workbook);
  const xlsxGrant = await core['files-grant']({ path: xlsxFile });
  const csvRounds: Array<{ ms: number; peakMb: number }> = [];
  const xlsxRounds: Array<{ ms: number; peakMb: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [handle, rounds] of [
      [granted.handle, csvRounds],
      [xlsxGrant.handle, xlsxRounds],
    ] as const) {
      const { ms, peakMb, value } = await measure(() =>
        core['import-preview']({ projectId, wellId: well.id, source: { kind: 'file', handle } }),
      );
      if (value.summary.validRows !== ROWS) {
        throw new Error(`a preview found ${value.summary.validRows} valid rows of ${ROWS}`);
      }
      rounds.push({ ms, peakMb });
    }
  }
  const best = (rounds: Array<{ ms: number }>) => Math.min(...rounds.map((r) => r.ms));
  const peak = (rounds: Array<{ peakMb: number }>) => Math.max(...rounds.map((r) => r.peakMb));
  const xlsxRatio = best(xlsxRounds) / best(csvRounds);
  report.row({
    benchmark: `import-preview of the same ${fmt.count(ROWS)} rows as CSV (${(bytes.length / 1024 / 1024).toFixed(1)} MB), best of ${ROUNDS}`,
    result: fmt.ms(best(csvRounds)),
    reference: `peak heap + buffers +${peak(csvRounds).toFixed(0)} MB`,
  });
  report.row({
    benchmark: `… as an Excel workbook (.xlsx, ${(workbook.length / 1024 / 1024).toFixed(1)} MB), best of ${ROUNDS}`,
    result: fmt.ms(best(xlsxRounds)),
    reference: `${xlsxRatio.toFixed(2)}× the CSV; peak heap + buffers +${peak(xlsxRounds).toFixed(0)} MB`,
    goal: `≤ ${GOAL_XLSX_RATIO}×`,
    verdict: verdict(xlsxRatio <= GOAL_XLSX_RATIO),
  });

  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = join(RESULTS_DIR, 'import.json');
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        quick,
        node: process.version,
        cpus: cpus().length,
        loadAverage: { before: loadBefore, after: loadavg()[0] },
        rows: ROWS,
        bytes: bytes.length,
        rounds: { bareMs: bare, engineMs: engine },
        bareRowsPerSecond: ROWS / (bareMs / 1000),
        engineRowsPerSecond: ROWS / (engineMs / 1000),
        ratio,
        goalRatio: GOAL_RATIO,
        commitMs,
        syncMs,
        xlsx: {
          bytes: workbook.length,
          csvRounds,
          xlsxRounds,
          ratio: xlsxRatio,
          goalRatio: GOAL_XLSX_RATIO,
        },
        table: report.rows,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(
    `\nLoad average after: ${loadavg()[0]!.toFixed(1)}\nResults written to ${out}\n`,
  );
} catch (error) {
  process.exitCode = 1;
  process.stdout.write(
    `\nThe benchmark could not run: ${(error as Error).stack ?? String(error)}\n`,
  );
} finally {
  await harness?.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
