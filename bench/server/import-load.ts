/**
 * Entry point of `npm run bench:import-load`: what several large CSV imports at once do to
 * the server. Spawns the real server (`server/cli.ts serve`, SQLite) in its own process,
 * then starts IMPORT_LOAD_CLIENTS imports of IMPORT_LOAD_ROWS rows together, each with a token
 * and a well of its own, while a probe asks GET /healthz every 20 ms. An import refused with
 * 429 is sent again after its Retry-After, so every import ends written. Prints the /healthz
 * latency (p50, p99, max) during the imports, the server's peak RSS (VmHWM) and the time until
 * every import was written.
 *
 * IMPORT_LOAD_ROOT: the checkout whose server runs (default: this one), so an older commit
 * (`git worktree add /tmp/old <commit>`, with node_modules linked) is measured by the same
 * client. Linux only (reads /proc for the RSS).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isoFromEpochDay, epochDay } from '#shared/dates/iso-day.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(process.env.IMPORT_LOAD_ROOT ?? join(HERE, '../..'));
const ROWS = Number(process.env.IMPORT_LOAD_ROWS ?? 500_000);
const CLIENTS = Number(process.env.IMPORT_LOAD_CLIENTS ?? 4);
const PROBE_EVERY_MS = 20;
/**
 * /healthz is limited per client address (Standard plan: burst 120, one a second after), so
 * the probe takes turns over this many loopback addresses (Linux routes all of 127/8) and
 * measures answers, not 429s.
 */
const PROBE_ADDRESSES = 64;

function cli(args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server/cli.ts ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim();
}

function startServer(dbFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'server/cli.ts', 'serve', '--db', dbFile, '--port', '0'],
      // Four imports on a busy machine outlast the default 120 s: the figures are about
      // the server while they run, not about the client's patience.
      ...['--request-timeout-ms', '900000', '--idle-timeout-ms', '900000'],
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env } },
  );
  return new Promise((ready, fail) => {
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const match = /listening on (\S+)\/api\/v1/.exec(err);
      if (match) ready({ child, url: match[1]! });
    });
    child.once('exit', (code) => fail(new Error(`the server exited (code ${code}): ${err}`)));
  });
}

/** Peak and current resident set of a process, in MiB, from /proc. */
function memory(pid: number): { peakMiB: number; rssMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
}

function csv(rows: number): Buffer {
  const lines = ['date,oil_rate,gas_rate,water_rate,bhp,thp,choke_size,runtime'];
  const start = epochDay('0700-01-01');
  for (let i = 0; i < rows; i++) {
    lines.push(
      `${isoFromEpochDay(start + i)},${((i % 997) / 10).toFixed(1)},${(i % 1999) + 0.5},${((i % 313) / 4).toFixed(2)},${1000 + (i % 101)}.3,${300 + (i % 53)}.1,32,${i % 7 === 0 ? 18.5 : 24}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function api(url: string, token: string, path: string, body: unknown): Promise<string> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-import-load-'));
const dbFile = join(dir, 'server.db');
process.stdout.write(
  `Flowline import load: ${CLIENTS} × ${ROWS.toLocaleString('en-US')}-row CSV imports at once, server at ${ROOT}\nNode ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}\n`,
);
cli(['migrate', '--db', dbFile]);
const tokens = Array.from({ length: CLIENTS }, () =>
  cli(['token', 'create', '--db', dbFile, '--user', 'bench', '--plan', 'enterprise']),
);
const body = csv(ROWS);
process.stdout.write(`CSV: ${(body.length / 1048576).toFixed(1)} MiB per import\n`);
const { child, url } = await startServer(dbFile);
try {
  const projectId = await api(url, tokens[0]!, '/api/v1/projects', { name: 'Import load' });
  const wells: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    wells.push(
      await api(url, tokens[0]!, `/api/v1/projects/${projectId}/wells`, { name: `Load ${i}` }),
    );
  }
  const idle = memory(child.pid!);

  let importing = true;
  const latencies: number[] = [];
  let failedProbes = 0;
  const failures = new Map<string, number>();
  let probeCount = 0;
  const { port } = new URL(url);
  const probeOnce = (index: number) =>
    new Promise<number>((done, fail) => {
      const probe = httpGet(
        {
          host: '127.0.0.1',
          port,
          path: '/healthz',
          localAddress: `127.0.1.${index + 1}`,
          agent: false,
        },
        (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode ?? 0));
        },
      );
      probe.on('error', fail);
    });
  const probes: Array<[number, number]> = [];
  const probe = (async () => {
    while (importing) {
      const started = performance.now();
      // A probe the server drops (its socket reset while the event loop was held) counts as
      // failed, with the time it took to fail.
      const ok = await probeOnce(probeCount++ % PROBE_ADDRESSES).then(
        (status) => {
          if (status !== 200) failures.set(`${status}`, (failures.get(`${status}`) ?? 0) + 1);
          return status === 200;
        },
        (error: unknown) => {
          const code = (error as { code?: string }).code ?? String(error);
          failures.set(code, (failures.get(code) ?? 0) + 1);
          return false;
        },
      );
      latencies.push(performance.now() - started);
      probes.push([performance.now() - started, started]);
      if (!ok) failedProbes++;
      await new Promise((done) => setTimeout(done, PROBE_EVERY_MS));
    }
  })();
  let peakSampled = idle.rssMiB;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, memory(child.pid!).rssMiB);
  }, 100);

  let refusals = 0;
  const started = performance.now();
  const results = await Promise.all(
    wells.map(async (wellId, i) => {
      for (;;) {
        let response: Response;
        let text: string;
        try {
          response = await fetch(
            `${url}/api/v1/projects/${projectId}/wells/${wellId}/production/import`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'text/csv' },
              body,
            },
          );
          text = await response.text();
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
          return { ms: performance.now() - started, outcome: `failed (${cause})` };
        }
        if (response.status === 429) {
          refusals++;
          const wait = Number(response.headers.get('retry-after') ?? '1');
          await new Promise((done) => setTimeout(done, wait * 1000));
          continue;
        }
        const outcome =
          response.status === 200
            ? `${(JSON.parse(text) as { total: number }).total} rows`
            : `${response.status} ${text.slice(0, 120)}`;
        return { ms: performance.now() - started, outcome };
      }
    }),
  );
  const wallMs = performance.now() - started;
  importing = false;
  clearInterval(sampler);
  await probe;
  const peak = memory(child.pid!);
  latencies.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  process.stdout.write(
    [
      `Imports: ${results.map((r) => `${r.outcome} after ${(r.ms / 1000).toFixed(1)} s`).join('; ')}`,
      `All answered after ${(wallMs / 1000).toFixed(1)} s; 429 refusals on the way: ${refusals}`,
      `/healthz during the imports: ${latencies.length} probes (${failedProbes} failed${failures.size ? `: ${[...failures].map(([why, n]) => `${n} × ${why}`).join(', ')}` : ''}), p50 ${fmt(percentile(latencies, 0.5))}, p99 ${fmt(percentile(latencies, 0.99))}, max ${fmt(latencies.at(-1) ?? 0)}`,
      `Slowest probes: ${probes
        .sort((a, b) => b[0] - a[0])
        .slice(0, 3)
        .map(([ms, at]) => `${fmt(ms)} at +${((at - started) / 1000).toFixed(1)} s`)
        .join(', ')}`,
      `Server RSS: ${idle.rssMiB.toFixed(0)} MiB before the imports (peak so far ${idle.peakMiB.toFixed(0)} MiB), peak ${peak.peakMiB.toFixed(0)} MiB (VmHWM; sampled every 100 ms: ${peakSampled.toFixed(0)} MiB)`,
      '',
    ].join('\n'),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
