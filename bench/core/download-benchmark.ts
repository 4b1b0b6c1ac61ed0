import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLANS } from '#server/auth/scopes.js';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { ApiClient, type ApiWell } from '#shared/client/index.js';
import type { DownloadStatus } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { DOWNLOAD_CONCURRENCY } from '#core/download/well-workers.js';
import { createCore, FileSecretStore } from '#core/index.js';
import { BENCH_TODAY, config } from './config.js';
import { fmt, verdict, type Report } from './report.js';
import { startChildServer, type ChildServer } from './server-process.js';

/**
 * "Make available offline" of a demo project (300 wells, 10 years of daily
 * production), against the API server in a child process:
 * 1. rate limiting off — the floor: the same requests by a bare ApiClient
 *    (HTTP, JSON, validation; nothing stored), then the core's download, so
 *    the difference is the core's own work (conversion, SQLite, coverage);
 * 2. rate limiting on, the demo user's plan (Enterprise), against the bound
 *    the plan sets: requests beyond the burst ÷ the plan's rate. Requests that
 *    fit in the burst cost nothing, so the bound is 0 s and the goal is to
 *    stay near the unlimited run: ≤ 1.25 × its time + 1 s.
 * The bound for the other plans is listed for the same number of requests.
 */

/** The bare client fetches as many wells at once as the core does. */
const CONCURRENCY = DOWNLOAD_CONCURRENCY;

interface Run {
  ms: number;
  status: DownloadStatus;
  /** The estimate when half the requests were done, and what was actually left then. */
  etaAtHalf: { etaMs: number | null; actualMs: number } | null;
}

export async function runDownloadBenchmark(report: Report): Promise<void> {
  const { wells, years } = config.download;
  const range = {
    from: addDays(`${Number(BENCH_TODAY.slice(0, 4)) - years}${BENCH_TODAY.slice(4)}`, 1),
    to: BENCH_TODAY,
  };
  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-download-'));
  const dbFile = join(dir, 'api.db');
  const serve = (rateLimit: boolean) =>
    startChildServer({ dbFile, wellCounts: [wells], today: BENCH_TODAY, rateLimit });
  try {
    let server = await serve(false);
    const seed = server.seed;
    let floor: { ms: number; requests: number; records: number };
    let unlimited: Run;
    try {
      floor = await bareClient(server, range);
      unlimited = await coreDownload(server, range, join(dir, 'core-unlimited'));
    } finally {
      await server.stop();
    }
    server = await serve(true);
    let limited: Run;
    try {
      limited = await coreDownload(server, range, join(dir, 'core-enterprise'));
    } finally {
      await server.stop();
    }

    const requests = limited.status.requestsDone;
    const bound = (plan: keyof typeof PLANS) =>
      (Math.max(0, requests - PLANS[plan].burst) / PLANS[plan].perMinute) * 60_000;
    const label = `Offline download, ${wells} wells × ${years} years`;
    const perRow = (unlimited.ms - floor.ms) / Math.max(1, unlimited.status.records);
    report.row({
      benchmark: `${label}, no rate limit (core)`,
      result: `${fmt.s(unlimited.ms)}, ${fmt.count(unlimited.status.records)} rows`,
      reference: `bare client ${fmt.s(floor.ms)}; core +${(perRow * 1000).toFixed(1)} µs/row`,
    });
    const goalMs = unlimited.ms * 1.25 + 1_000;
    report.row({
      benchmark: `${label}, Enterprise plan (rate limit on)`,
      result: `${fmt.s(limited.ms)}, ${fmt.count(requests)} requests`,
      reference: `plan bound ${fmt.s(bound('enterprise'))} (burst ${fmt.count(PLANS.enterprise.burst)})`,
      goal: `≤ ${fmt.s(goalMs)}`,
      verdict: verdict(limited.ms <= goalMs),
    });
    report.row({
      benchmark: `  same requests, bound of other plans`,
      reference: `Professional ${fmt.s(bound('professional'))}, Standard ${fmt.s(bound('standard'))}`,
    });
    report.record('download', {
      wells,
      range,
      concurrency: CONCURRENCY,
      seed,
      bareClient: floor,
      unlimited: summary(unlimited),
      enterprise: summary(limited),
      boundMs: {
        enterprise: bound('enterprise'),
        professional: bound('professional'),
        standard: bound('standard'),
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function summary(run: Run) {
  const { status } = run;
  return {
    ms: run.ms,
    state: status.state,
    wells: status.total,
    failed: status.failed.length,
    requests: status.requestsDone,
    records: status.records,
    etaAtHalf: run.etaAtHalf,
  };
}

/** A fresh core (empty cache) connected to the server, downloading the one project. */
async function coreDownload(
  server: ChildServer,
  range: { from: string; to: string },
  dataDir: string,
): Promise<Run> {
  const errors: string[] = [];
  const core = await createCore({
    dataDir,
    secretStore: new FileSecretStore(dataDir),
    defaultConnection: { name: 'Demo workspace', baseUrl: server.baseUrl, token: server.token },
    log: (entry) => {
      if (entry.level === 'error') errors.push(entry.message);
    },
  });
  try {
    const projects = await core.handlers['projects-list']({});
    const projectId = projects.data[0]!.id;
    let half: { etaMs: number | null; at: number } | undefined;
    const started = performance.now();
    const finished = new Promise<DownloadStatus>((resolve) => {
      core.events.on('download-progress', (status) => {
        if (status.projectId !== projectId) return;
        if (!half && status.total > 0 && status.requestsDone * 2 >= status.requestsTotal) {
          half = { etaMs: status.etaMs, at: performance.now() };
        }
        if (status.state !== 'running') resolve(status);
      });
    });
    await core.handlers['offline-download-start']({ projectId, ...range });
    const status = await finished;
    const ended = performance.now();
    if (status.state !== 'done' || status.failed.length > 0 || errors.length > 0) {
      throw new Error(`the download did not complete: ${JSON.stringify({ status, errors })}`);
    }
    return {
      ms: ended - started,
      status,
      etaAtHalf: half ? { etaMs: half.etaMs, actualMs: ended - half.at } : null,
    };
  } finally {
    await core.close();
  }
}

/** The same requests as the download, by an ApiClient with nothing stored: the server + HTTP floor. */
async function bareClient(server: ChildServer, range: { from: string; to: string }) {
  const api = new ApiClient({ baseUrl: server.baseUrl, token: server.token, rateLimit: false });
  const started = performance.now();
  const [project] = (await api.listProjects()).data;
  if (!project) throw new Error('no demo project');
  await api.getProject(project.id);
  const wells: ApiWell[] = [];
  for await (const well of api.iterateWells(project.id, { limit: 1000 })) wells.push(well);
  let requests = 2 + Math.ceil(wells.length / 1000);
  let records = 0;
  const queue = [...wells];
  const worker = async () => {
    for (let well = queue.shift(); well; well = queue.shift()) {
      const series = await api.getProduction(project.id, well.id, {
        ...range,
        aggregation: 'daily',
        fields: PRODUCTION_FIELDS,
      });
      records += series.data.length;
      requests++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, requests, records };
}
