import { DEFAULT_SCOPES, PLANS } from '#server/auth/scopes.js';
import { openPostgresStore } from '#server/store/postgres/postgres-store.js';
import { config } from './config.js';
import { fmt, type Report } from './report.js';
import { startBenchServer, type BenchServer } from './server-process.js';
import { SoakStats } from './soak-stats.js';
import { verifyWrites, type AckedWrite } from './soak-verify.js';
import { SoakClient, type SoakRequest } from './soak-workload.js';

/**
 * PostgreSQL only: two server instances on one database, as behind a load balancer.
 * 7. The soak's 50 clients, alternately on each instance, then every write one instance
 *    acknowledged read back through the other: a write must be visible everywhere at once.
 * 8. One standard-plan token's burst spent through both instances at once: the bucket is
 *    shared, so together they allow the burst (plus what refills meanwhile), not twice it.
 */

const TIMEOUT_MS = 15_000;

async function send(server: BenchServer, token: string, request: SoakRequest) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (request.write) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers,
    body: request.write ? JSON.stringify({ records: request.write.records }) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}

function instance(databaseUrl: string, fixture: BenchServer['fixture'], rateLimit: boolean) {
  return startBenchServer(300_000, {
    script: 'pg-fixture-server.ts',
    env: {
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_FIXTURE: JSON.stringify(fixture),
      BENCH_RATE_LIMIT: rateLimit ? '1' : '0',
    },
  });
}

/** Returns true when both checks hold. */
export async function runTwoInstances(
  report: Report,
  first: BenchServer,
  databaseUrl: string,
): Promise<boolean> {
  const second = await instance(databaseUrl, first.fixture, false);
  let soakClean: boolean;
  try {
    soakClean = await soakAcross(report, [first, second]);
  } finally {
    await second.stop();
  }
  return soakClean && (await burstAcross(report, databaseUrl, first.fixture));
}

async function soakAcross(report: Report, servers: [BenchServer, BenchServer]): Promise<boolean> {
  const stats = new SoakStats();
  const acked: [AckedWrite[], AckedWrite[]] = [[], []];
  const n = config.soakClients;
  const { fixture } = servers[0];
  const started = Date.now();
  const deadline = started + config.soakSeconds * 1000;
  await Promise.all(
    Array.from({ length: n }, async (_, id) => {
      const client = new SoakClient(id, n, fixture);
      const side = id % 2;
      while (Date.now() < deadline) {
        const request = client.next();
        const sentAt = performance.now();
        try {
          const { status, text } = await send(servers[side]!, fixture.token, request);
          stats.response(request.kind, status, sentAt);
          if (status === 200 && request.write) acked[side]!.push({ client: id, ...request.write });
          if (status < 200 || status >= 300)
            stats.note(`${request.path} → ${status} ${text.slice(0, 200)}`);
        } catch (error) {
          stats.failure((error as Error).name === 'TimeoutError');
          stats.note(`${request.path} → ${String(error)}`);
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  // Each instance's acknowledged writes, read back through the other one.
  const [onSecond, onFirst] = [
    await verifyWrites(servers[1], acked[0]),
    await verifyWrites(servers[0], acked[1]),
  ];
  const total = acked[0].length + acked[1].length;
  const verified = onSecond.verifiedWrites + onFirst.verifiedWrites;
  const latency = stats.latency();
  const clean =
    stats.s5xx === 0 && stats.errors === 0 && stats.timeouts === 0 && verified === total;
  report.row({
    benchmark: `7. Two instances: ${n} clients, ${Math.round(seconds)} s`,
    api: `${fmt.count(stats.requests)} req (${fmt.rps(stats.requests / seconds)}), p50 ${fmt.ms(latency.all.p50Ms)}, p99 ${fmt.ms(latency.all.p99Ms)}`,
    reference: `2xx ${stats.s2xx} 4xx ${stats.s4xx} 5xx ${stats.s5xx}`,
    goal: '0 lost',
    verdict: clean ? 'PASS' : 'FAIL',
  });
  report.row({
    benchmark: '   writes read back on the other instance',
    api: `acked ${total}, verified ${verified}`,
    reference: `mismatch ${onSecond.mismatchedWrites + onFirst.mismatchedWrites} err ${stats.errors} t/o ${stats.timeouts}`,
  });
  for (const sample of [...stats.samples, ...onSecond.examples, ...onFirst.examples]) {
    process.stdout.write(`   ! ${sample}\n`);
  }
  report.record('twoInstanceSoak', {
    clients: n,
    seconds,
    ...stats.counts(),
    rps: stats.requests / seconds,
    latency,
    ackedWrites: total,
    verifiedWrites: verified,
    clean,
  });
  return clean;
}

async function burstAcross(
  report: Report,
  databaseUrl: string,
  fixture: BenchServer['fixture'],
): Promise<boolean> {
  const store = await openPostgresStore(databaseUrl);
  const token = await store.tokens
    .create({ user: 'burst', scopes: DEFAULT_SCOPES, plan: 'standard' })
    .finally(() => store.close());
  const servers = [
    await instance(databaseUrl, fixture, true),
    await instance(databaseUrl, fixture, true),
  ];
  try {
    const { perMinute: rate, burst } = PLANS.standard;
    const requests = burst * 2;
    let next = 0;
    let allowed = 0;
    let refused = 0;
    let other = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < requests) {
          const n = next++;
          const response = await fetch(`${servers[n % 2]!.url}/api/v1/projects`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await response.text();
          if (response.status === 200) allowed++;
          else if (response.status === 429) refused++;
          else other++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // The most a shared bucket may allow: the burst, plus what refilled while the requests ran.
    const most = burst + Math.floor((seconds * rate) / 60);
    const pass = other === 0 && allowed >= burst && allowed <= most + 1;
    report.row({
      benchmark: `8. Burst of one token across both instances`,
      api: `${allowed} allowed, ${refused} refused of ${requests} in ${seconds.toFixed(2)} s`,
      reference: `shared bucket allows ${burst}–${most}`,
      goal: '± 1',
      verdict: pass ? 'PASS' : 'FAIL',
    });
    report.record('twoInstanceBurst', {
      burst,
      rate,
      requests,
      allowed,
      refused,
      other,
      seconds,
      most,
      pass,
    });
    return pass;
  } finally {
    for (const server of servers) await server.stop();
  }
}
