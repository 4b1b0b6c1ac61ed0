import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_FIELDS, type ProductionRecord } from '#shared/api/index.js';
import { ApiClient, MAX_CHUNK_RECORDS } from '#shared/client/index.js';
import type { SyncStatus } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { day } from '#core/sync/testing/sync-fixture.js';
import { startCore, type CoreHarness } from '#core/testing/core-harness.js';
import { BENCH_TODAY, config } from './config.js';
import { fmt, verdict, type Report } from './report.js';
import { startChildServer } from './server-process.js';

/**
 * "Sync 10,000 edits across 20 wells" (a goal of the desktop core), the scenario of sync.test.ts
 * against the API server in a child process: 20 new wells, one with 5,250
 * edited days and the others 250 each; their production read first (so the
 * bases are known), the edits saved while the network is cut (in saves of
 * 1,000, which coalesce into one operation per well), then the network back
 * and sync-now. Timed from then until the outbox is empty and the engine idle.
 * The goal is the request count: per well one conflict read and one POST per
 * 5,000 records, nothing more. No time goal; the time and records/s are
 * reported. Afterwards a plain ApiClient checks that the server holds every
 * edited value: the run fails (throws) if not.
 * BENCH_QUICK: 2,000 edits across 5 wells (400 each in saves of 100; goal 5 POSTs + 5 reads).
 */

/** Edited days per well. */
const COUNTS: readonly number[] = config.quick
  ? Array.from({ length: 5 }, () => 400)
  : Array.from({ length: 20 }, (_, i) => (i === 0 ? 5_250 : 250));
/** The first edited day of every well (well before the demo data's span). */
const START = '2005-01-01';
/** Edits are saved in batches of this many records (several saves per well, coalescing). */
const SAVE_BATCH = config.quick ? 100 : 1_000;
const TIMEOUT_MS = 300_000;

/** The edited values of one day: distinct per day and per well, so a misplaced record shows. */
function edited(well: number, index: number): ProductionRecord {
  return day(addDays(START, index), { oil_rate: index, water_rate: well, runtime: 24 });
}

interface RequestCounts {
  posts: number;
  conflictReads: number;
  other: number;
  otherSamples: string[];
  postsPerWell: Map<string, number>;
  readsPerWell: Map<string, number>;
}

/** Sorts the harness's log lines ("POST /api/v1/…/production", …) by kind. */
function countRequests(lines: readonly string[]): RequestCounts {
  const counts: RequestCounts = {
    posts: 0,
    conflictReads: 0,
    other: 0,
    otherSamples: [],
    postsPerWell: new Map(),
    readsPerWell: new Map(),
  };
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const line of lines) {
    const [method, target = ''] = line.split(' ');
    const path = target.split('?')[0]!;
    const well = /\/wells\/([^/]+)\/production$/.exec(path)?.[1];
    if (well && method === 'POST') {
      counts.posts++;
      bump(counts.postsPerWell, well);
    } else if (well && method === 'GET') {
      counts.conflictReads++;
      bump(counts.readsPerWell, well);
    } else {
      counts.other++;
      if (counts.otherSamples.length < 10) counts.otherSamples.push(line);
    }
  }
  return counts;
}

export async function runSyncBenchmark(report: Report): Promise<void> {
  const wells = COUNTS.length;
  const edits = COUNTS.reduce((sum, count) => sum + count, 0);
  const goalPosts = COUNTS.reduce((sum, count) => sum + Math.ceil(count / MAX_CHUNK_RECORDS), 0);
  const goal = goalPosts + wells;

  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-sync-'));
  const server = await startChildServer({
    dbFile: join(dir, 'api.db'),
    wellCounts: [1],
    today: BENCH_TODAY,
    rateLimit: false,
  });
  let harness: CoreHarness | undefined;
  try {
    const api = new ApiClient({ baseUrl: server.baseUrl, token: server.token, rateLimit: false });
    harness = await startCore(server);
    const core = harness.core.handlers;

    // The demo project, and new wells in it (no production: every edit is a new day).
    const projects = await core['projects-list']({});
    const projectId = projects.data.find((project) => project.unitSystem === 'imperial')?.id;
    if (!projectId) throw new Error('no imperial demo project');
    const wellIds: string[] = [];
    for (let i = 0; i < wells; i++) {
      const well = await api.createWell(projectId, {
        name: `Sync bench ${String(i).padStart(2, '0')}H`,
      });
      wellIds.push(well.id);
    }
    await core['wells-list']({ projectId, refresh: 'await' });
    // Production read first: the core knows the server's (empty) days, the edits' bases.
    for (const [i, wellId] of wellIds.entries()) {
      await core['production-get']({
        projectId,
        wellId,
        from: START,
        to: addDays(START, COUNTS[i]! - 1),
        aggregation: 'daily',
      });
    }

    // The edits, saved while the network is cut.
    harness.setOffline(true);
    const savesStarted = performance.now();
    let saves = 0;
    for (const [i, wellId] of wellIds.entries()) {
      const records = Array.from({ length: COUNTS[i]! }, (_, d) => edited(i, d));
      for (let from = 0; from < records.length; from += SAVE_BATCH) {
        await core['records-save']({
          projectId,
          wellId,
          records: records.slice(from, from + SAVE_BATCH),
        });
        saves++;
      }
    }
    const savesMs = performance.now() - savesStarted;
    await waitForStatus(harness, (status) => status.phase === 'offline');
    const queued = (await core['outbox-list']({})).operations.length;

    // Back online: sync until the outbox is empty and the engine idle.
    const mark = harness.requests.length;
    const logMark = harness.logs.length;
    harness.setOffline(false);
    const started = performance.now();
    const returned = await core['sync-now']({});
    const drained = (status: SyncStatus) =>
      status.phase === 'idle' && status.pending === 0 && status.syncing === 0;
    const status = drained(returned) ? returned : await waitForStatus(harness, drained);
    const ms = performance.now() - started;

    const left = (await core['outbox-list']({})).operations;
    const errors = harness.logs.slice(logMark).filter((entry) => entry.level === 'error');
    if (status.errors > 0 || status.conflicts > 0 || left.length > 0 || errors.length > 0) {
      throw new Error(
        `the sync did not complete: ${JSON.stringify({ status, outbox: left.length, errors })}`,
      );
    }
    const counts = countRequests(harness.requests.slice(mark));
    const requests = counts.posts + counts.conflictReads + counts.other;
    const perWellOk = wellIds.every(
      (wellId, i) =>
        counts.readsPerWell.get(wellId) === 1 &&
        counts.postsPerWell.get(wellId) === Math.ceil(COUNTS[i]! / MAX_CHUNK_RECORDS),
    );
    const pass =
      requests === goal &&
      counts.posts === goalPosts &&
      counts.conflictReads === wells &&
      perWellOk;

    // The referee: what the server holds, read by a plain client.
    const verified = await verifyServer(api, projectId, wellIds);

    const rate = edits / (ms / 1000);
    report.row({
      benchmark: `Sync ${fmt.count(edits)} edits across ${wells} wells (sync-now → idle)`,
      result: `${duration(ms)}, ${fmt.count(rate)} records/s`,
      reference: `${counts.posts} POST + ${counts.conflictReads} reads + ${counts.other} other = ${requests} req`,
      goal: `= ${goal} req`,
      verdict: verdict(pass),
    });
    report.record('sync', {
      wells,
      edits,
      recordsPerWell: COUNTS,
      saveBatch: SAVE_BATCH,
      saves,
      savesOfflineMs: savesMs,
      queuedOperations: queued,
      ms,
      recordsPerSecond: rate,
      requests: {
        total: requests,
        posts: counts.posts,
        conflictReads: counts.conflictReads,
        other: counts.other,
        otherSamples: counts.otherSamples,
        perWellAsGoal: perWellOk,
      },
      goal: { requests: goal, posts: goalPosts, conflictReads: wells, pass },
      status,
      verified,
    });
  } finally {
    await harness?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every edited day of every well is on the server with its value (oil_rate
 * = the day's index, water_rate = the well's), nothing else is; a few days
 * compared whole. Throws on the first difference.
 */
async function verifyServer(
  api: ApiClient,
  projectId: string,
  wellIds: readonly string[],
): Promise<{ records: number; spotChecked: number }> {
  let records = 0;
  let spotChecked = 0;
  const fail = (message: string) => {
    throw new Error(`the server does not hold the synced edits: ${message}`);
  };
  for (const [i, wellId] of wellIds.entries()) {
    const count = COUNTS[i]!;
    // A wider span than the edits: a day written outside them would show too.
    const series = await api.getProduction(projectId, wellId, {
      from: addDays(START, -366),
      to: addDays(START, count + 365),
      aggregation: 'daily',
      fields: PRODUCTION_FIELDS,
    });
    const days = new Map(
      series.data.map((item) => [item.date, item as unknown as ProductionRecord]),
    );
    if (days.size !== count) fail(`well ${i} has ${days.size} days, ${count} were edited`);
    for (let d = 0; d < count; d++) {
      const want = edited(i, d);
      const got = days.get(want.date);
      if (got?.oil_rate !== want.oil_rate || got.water_rate !== want.water_rate) {
        fail(`well ${i}, ${want.date}: ${JSON.stringify(got ?? null)}`);
      }
    }
    for (const d of new Set([0, Math.floor(count / 2), count - 1])) {
      const want = edited(i, d);
      const got = days.get(want.date);
      const same = PRODUCTION_FIELDS.every((field) => got?.[field] === want[field]);
      if (!same) fail(`well ${i}, ${want.date}: ${JSON.stringify(got ?? null)}`);
      spotChecked++;
    }
    records += days.size;
  }
  const edits = COUNTS.reduce((sum, count) => sum + count, 0);
  if (records !== edits) fail(`${records} records, ${edits} were edited`);
  return { records, spotChecked };
}

function duration(ms: number): string {
  return ms < 1_000 ? fmt.ms(ms) : fmt.s(ms);
}

/** The first sync status (current or coming) that satisfies the predicate. */
async function waitForStatus(
  harness: CoreHarness,
  predicate: (status: SyncStatus) => boolean,
): Promise<SyncStatus> {
  const now = await harness.core.handlers['sync-status']({});
  if (predicate(now)) return now;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no such sync status in ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    const off = harness.core.events.on('sync-status-changed', (status) => {
      if (!predicate(status)) return;
      clearTimeout(timer);
      off();
      resolve(status);
    });
  });
}
