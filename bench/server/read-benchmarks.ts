import { config } from './config.js';
import { measure, type LoadResult } from './load.js';
import { CEILING_DAILY, CEILING_MONTHLY, dailyPath, monthlyPath } from './paths.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';
import { addDays } from '../../shared/dates/iso-day.js';

/**
 * Benchmarks 1 and 2: a production GET against its ceiling (same bytes, same
 * auth, no work). The two alternate (API, ceiling, API, ceiling…) and each
 * keeps its best run, so a noisy second on this shared box hurts neither side.
 */

const ROUNDS = config.quick ? 1 : 2;

async function runOnce(server: BenchServer, path: string, runs: LoadResult[]): Promise<void> {
  runs.push(await measure({ url: server.url, path, token: server.fixture.token }));
}

function pick(runs: LoadResult[]): LoadResult {
  return runs.reduce((a, b) => (b.rps > a.rps ? b : a));
}

function describe(result: LoadResult): string {
  const problems = result.non2xx + result.errors + result.timeouts;
  const tail = problems > 0 ? ` (${problems} bad!)` : '';
  return `${fmt.rps(result.rps)}, p50 ${fmt.ms(result.p50Ms)}, p99 ${fmt.ms(result.p99Ms)}${tail}`;
}

/** The comparison is only fair if both sides put the same bytes and content type on the wire. */
async function assertSameResponse(
  server: BenchServer,
  apiPath: string,
  ceilingPath: string,
): Promise<void> {
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${server.fixture.token}` },
    });
    return `${response.status} ${response.headers.get('content-type')}\n${await response.text()}`;
  };
  const [api, ceiling] = await Promise.all([get(apiPath), get(ceilingPath)]);
  if (api !== ceiling)
    throw new Error(`ceiling ${ceilingPath} does not answer exactly like ${apiPath}`);
}

async function versusCeiling(
  report: Report,
  server: BenchServer,
  key: string,
  title: string,
  apiPath: string,
  ceilingPath: string,
  goal: number,
): Promise<void> {
  await assertSameResponse(server, apiPath, ceilingPath);
  const api: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await runOnce(server, apiPath, api);
    await runOnce(server, ceilingPath, ceiling);
  }
  const a = pick(api);
  const c = pick(ceiling);
  const ratio = a.rps / c.rps;
  report.ratioRow(title, describe(a), describe(c), ratio, goal);
  report.record(key, {
    goal,
    ratio,
    pass: ratio >= goal,
    api: a,
    ceiling: c,
    allRuns: { api, ceiling },
  });
}

export async function runReadBenchmarks(report: Report, server: BenchServer): Promise<void> {
  const bytes = server.ceilingBytes;
  await versusCeiling(
    report,
    server,
    'dailyYear',
    `1. GET 365 daily, all fields (${Math.round(bytes.daily / 1024)} KiB)`,
    dailyPath(server.fixture),
    CEILING_DAILY,
    0.5,
  );
  await uncachedVersusCeiling(report, server);
  await versusCeiling(
    report,
    server,
    'monthly20y',
    `2. GET monthly of 7,300 daily (${Math.round(bytes.monthly / 1024)} KiB)`,
    monthlyPath(server.fixture),
    CEILING_MONTHLY,
    0.3,
  );
}

/**
 * 1b: the same year of daily data, but every request names a different `to` date past the
 * data, so each one misses the server's response cache and is read, converted and serialized.
 */
async function uncachedVersusCeiling(report: Report, server: BenchServer): Promise<void> {
  const base = dailyPath(server.fixture).replace(/&to=[0-9-]+/, '');
  const varyPath = (n: number) => `${base}&to=${addDays('2031-01-01', n % 3_000_000)}`;
  const api = await measure({
    url: server.url,
    path: varyPath(0),
    token: server.fixture.token,
    varyPath,
  });
  const ceiling = await measure({
    url: server.url,
    path: CEILING_DAILY,
    token: server.fixture.token,
  });
  const ratio = api.rps / ceiling.rps;
  report.ratioRow(
    '1b. the same, every request a cache miss',
    describe(api),
    describe(ceiling),
    ratio,
    0.5,
  );
  report.record('dailyYearUncached', { goal: 0.5, ratio, pass: ratio >= 0.5, api, ceiling });
}
