import { config } from './config.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';
import { SoakStats } from './soak-stats.js';
import { verifyWrites, type AckedWrite } from './soak-verify.js';
import { SoakClient, type SoakRequest } from './soak-workload.js';

/**
 * Benchmark 5: 50 concurrent clients (a plain fetch loop each, so every
 * acknowledged write is known exactly) mixing reads and writes for
 * BENCH_SOAK_SECONDS, then a read-back of every acknowledged write.
 * Fails the run on any 5xx, transport error, timeout or lost write.
 */

const TIMEOUT_MS = 15_000;

async function send(
  server: BenchServer,
  request: SoakRequest,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${server.fixture.token}` };
  if (request.write) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers,
    body: request.write ? JSON.stringify({ records: request.write.records }) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // Always drain the body, so the keep-alive socket is reused and the whole response is timed.
  return { status: response.status, text: await response.text() };
}

async function worker(
  server: BenchServer,
  client: SoakClient,
  deadline: number,
  stats: SoakStats,
  acked: AckedWrite[],
): Promise<void> {
  while (Date.now() < deadline) {
    const request = client.next();
    const startedAt = performance.now();
    try {
      const { status, text } = await send(server, request);
      stats.response(request.kind, status, startedAt);
      if (status === 200 && request.write) acked.push({ client: client.id, ...request.write });
      if (status < 200 || status >= 300) {
        stats.note(`${request.method} ${request.path} → ${status} ${text.slice(0, 200)}`);
      }
    } catch (error) {
      stats.failure((error as Error).name === 'TimeoutError');
      stats.note(`${request.method} ${request.path} → ${String(error)}`);
    }
  }
}

/** Returns true when the soak is clean (no 5xx, no transport errors, every acknowledged write verified). */
export async function runSoak(report: Report, server: BenchServer): Promise<boolean> {
  const stats = new SoakStats();
  const acked: AckedWrite[] = [];
  const { soakClients: n } = config;
  const clients = Array.from({ length: n }, (_, id) => new SoakClient(id, n, server.fixture));
  const started = Date.now();
  const deadline = started + config.soakSeconds * 1000;
  await Promise.all(clients.map((client) => worker(server, client, deadline, stats, acked)));
  const seconds = (Date.now() - started) / 1000;
  const verification = await verifyWrites(server, acked);
  const latency = stats.latency();

  const clean =
    stats.s5xx === 0 &&
    stats.errors === 0 &&
    stats.timeouts === 0 &&
    verification.mismatchedWrites === 0 &&
    verification.verifiedWrites === acked.length;
  report.row({
    benchmark: `5. Soak: ${n} clients, ${Math.round(seconds)} s, mixed r/w`,
    api: `${fmt.count(stats.requests)} req (${fmt.rps(stats.requests / seconds)}), p50 ${fmt.ms(latency.all.p50Ms)}, p99 ${fmt.ms(latency.all.p99Ms)}`,
    reference: `2xx ${stats.s2xx} 4xx ${stats.s4xx} 5xx ${stats.s5xx}`,
    goal: '0 lost',
    verdict: clean ? 'PASS' : 'FAIL',
  });
  // The tail on a busy laptop: a slow request is a slow request, however few of them.
  const tailRatio = latency.all.p99Ms / latency.all.p50Ms;
  report.row({
    benchmark: '   soak tail: p99 / p50, slowest request',
    api: `×${tailRatio.toFixed(1)}, slowest ${fmt.ms(latency.all.maxMs)}`,
    goal: '≤ 4×, ≤ 2 s',
    verdict: tailRatio <= 4 && latency.all.maxMs <= 2000 ? 'PASS' : 'MISS',
  });
  report.row({
    benchmark: '   soak writes (5 records each)',
    api: `acked ${acked.length}, verified ${verification.verifiedWrites}`,
    reference: `mismatch ${verification.mismatchedWrites} err ${stats.errors} t/o ${stats.timeouts}`,
  });
  for (const [kind, s] of Object.entries(latency)) {
    if (kind === 'all') continue;
    const line = `${kind.padEnd(15)} ${String(s.count).padStart(6)} req  p50 ${fmt.ms(s.p50Ms)}  p99 ${fmt.ms(s.p99Ms)}  max ${fmt.ms(s.maxMs)}`;
    process.stdout.write(`   ${line}\n`);
  }
  const slowest = stats.slowest.map((s) => `${s.kind} ${s.ms} ms (sent at +${s.startedAtMs} ms)`);
  process.stdout.write(`   slowest: ${slowest.join('; ')}\n`);
  for (const sample of [...stats.samples, ...verification.examples]) {
    process.stdout.write(`   ! ${sample}\n`);
  }
  report.record('soak', {
    clients: n,
    seconds,
    ...stats.counts(),
    rps: stats.requests / seconds,
    latency,
    slowest: stats.slowest,
    samples: stats.samples,
    ackedWrites: acked.length,
    ackedRecords: acked.reduce((sum, write) => sum + write.records.length, 0),
    ...verification,
    clean,
  });
  return clean;
}
