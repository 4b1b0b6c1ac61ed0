import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownloadStatus, ForecastAllStatus } from '#shared/desktop/index.js';
import { createCore, FileSecretStore, type Core } from '#core/index.js';
import { fmt, type Report } from '../core/report.js';
import { startChildServer } from '../core/server-process.js';
import { BENCH_TODAY, config } from './config.js';

/**
 * "Forecast all wells" on the demo workspace's data: one project of 300 wells
 * with 5–15 years of daily production each, made available offline first (not
 * timed), against the API server in a child process (as bench/core does).
 * Timed: forecast-all-start until its final status, monthly (the default) and
 * daily, each against the same goal; the goal is judged on the core process's CPU time over the run (the
 * server is another process; the box's two cores are shared, so wall time
 * counts other processes' turns and is printed beside it). Baseline in the same run: reading every well's oil series from the
 * cache once (production-get, daily, oil only), which any forecast must do.
 */

const FROM = '2009-01-01';

export async function runForecastAllBenchmark(report: Report): Promise<void> {
  const { wells, goalMs } = config.forecastAll;
  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-decline-'));
  const server = await startChildServer({
    dbFile: join(dir, 'api.db'),
    wellCounts: [wells],
    today: BENCH_TODAY,
    rateLimit: false,
  });
  let core: Core | undefined;
  try {
    const dataDir = join(dir, 'core');
    core = await createCore({
      dataDir,
      secretStore: new FileSecretStore(dataDir),
      defaultConnection: { name: 'Demo workspace', baseUrl: server.baseUrl, token: server.token },
      log: () => {},
    });
    const { data: projects } = await core.handlers['projects-list']({ refresh: 'await' });
    const projectId = projects[0]!.id;
    await download(core, projectId);
    const { data } = await core.handlers['wells-list']({ projectId });

    const readCpu = process.cpuUsage();
    const readStarted = performance.now();
    for (const well of data.wells) {
      await core.handlers['production-get']({
        projectId,
        wellId: well.id,
        from: FROM,
        to: BENCH_TODAY,
        aggregation: 'daily',
        fields: ['oil_rate'],
      });
    }
    const readMs = performance.now() - readStarted;
    const readCpuMs = cpuMs(process.cpuUsage(readCpu));
    report.record('forecastAll.readAll', { wallMs: readMs, cpuMs: readCpuMs });

    for (const frequency of ['monthly', 'daily'] as const) {
      const { ms, cpu, status } = await forecastAll(core, projectId, frequency);
      report.record(`forecastAll.${frequency}`, { wallMs: ms, cpuMs: cpu, status });
      report.row({
        benchmark: `Forecast all wells, ${wells} demo wells, oil, ${frequency}${frequency === 'monthly' ? ' (default)' : ''}`,
        result: `CPU ${fmt.s(cpu)}, wall ${fmt.s(ms)}; ${status.fitted} fitted, ${status.poor.length} poor, ${status.skipped.length} skipped`,
        reference: `reading each well's series from the cache: CPU ${fmt.s(readCpuMs)}, wall ${fmt.s(readMs)}`,
        goal: `< ${goalMs / 1000} s CPU`,
        verdict: cpu < goalMs ? 'PASS' : 'FAIL',
      });
    }
  } finally {
    await core?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function download(core: Core, projectId: string): Promise<void> {
  const finished = new Promise<DownloadStatus>((resolve) => {
    core.events.on('download-progress', (status) => {
      if (status.projectId === projectId && status.state !== 'running') resolve(status);
    });
  });
  await core.handlers['offline-download-start']({ projectId, from: FROM, to: BENCH_TODAY });
  const status = await finished;
  if (status.state !== 'done' || status.failed.length > 0) {
    throw new Error(`the offline download did not complete: ${JSON.stringify(status)}`);
  }
}

async function forecastAll(
  core: Core,
  projectId: string,
  frequency: 'monthly' | 'daily',
): Promise<{ ms: number; cpu: number; status: ForecastAllStatus }> {
  const finished = new Promise<ForecastAllStatus>((resolve) => {
    const off = core.events.on('forecast-all-progress', (status) => {
      if (status.state === 'running') return;
      off();
      resolve(status);
    });
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await core.handlers['forecast-all-start']({ projectId, stream: 'oil', frequency });
  const status = await finished;
  const ms = performance.now() - started;
  const cpu = cpuMs(process.cpuUsage(cpuBefore));
  if (status.state !== 'done') throw new Error(`forecast all did not finish: ${status.state}`);
  return { ms, cpu, status };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
