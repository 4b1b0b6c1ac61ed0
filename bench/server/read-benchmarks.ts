import { config } from './config.js';
import { TWENTY_YEARS, DAILY_YEAR } from './fixture-data.js';
import { measure, type LoadResult } from './load.js';
import { CEILING_DAILY, CEILING_MONTHLY, dailyPath, monthlyPath, productionPath } from './paths.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';
import { addDays } from '#shared/dates/iso-day.js';

/**
 * Benchmarks 1 and 2: a production GET against its ceiling (same bytes, same auth, no work),
 * each twice: once repeating one request (a response-cache hit after the first) and once with
 * every request different, so each misses the cache and is read, aggregated and serialised.
 * API and ceiling alternate (API, ceiling, API, ceiling…) and each keeps its best run, so a
 * noisy second on this shared box hurts neither side.
 */

const ROUNDS = config.quick ? 1 : 2;

interface Comparison {
  key: string;
  title: string;
  goal: number;
  ceilingPath: string;
  /** The path of request n; a fixed path repeats one request. */
  apiPath: (n: number) => string;
  /** True when every request names a different path (a cache miss each). */
  rotating: boolean;
}

function pick(runs: LoadResult[]): LoadResult {
  return runs.reduce((a, b) => (b.rps > a.rps ? b : a));
}

function describe(result: LoadResult): string {
  const problems = result.non2xx + result.errors + result.timeouts;
  const tail = problems > 0 ? ` (${problems} bad!)` : '';
  return `${fmt.rps(result.rps)}, p50 ${fmt.ms(result.p50Ms)}, p99 ${fmt.ms(result.p99Ms)}${tail}`;
}

async function get(server: BenchServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${server.fixture.token}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return `${response.headers.get('content-type')}\n${text}`;
}

/**
 * The comparison is only fair if both sides put the same bytes and content type on the wire:
 * exactly for a repeated request, and within 2 % of the size for rotating ones (other days'
 * values have other digits).
 */
async function assertComparable(server: BenchServer, comparison: Comparison): Promise<void> {
  const [api, ceiling] = await Promise.all([
    get(server, comparison.apiPath(0)),
    get(server, comparison.ceilingPath),
  ]);
  const same = comparison.rotating
    ? Math.abs(api.length - ceiling.length) <= ceiling.length * 0.02
    : api === ceiling;
  if (!same) throw new Error(`${comparison.ceilingPath} does not answer like ${comparison.key}`);
}

async function versusCeiling(
  report: Report,
  server: BenchServer,
  comparison: Comparison,
): Promise<void> {
  await assertComparable(server, comparison);
  // One counter across warm-up and measured runs, so no request repeats an earlier one.
  let next = 0;
  const varyPath = comparison.rotating ? () => comparison.apiPath(next++) : undefined;
  const api: LoadResult[] = [];
  const ceiling: LoadResult[] = [];
  const load = (path: string, vary?: (n: number) => string) =>
    measure({
      url: server.url,
      path,
      token: server.fixture.token,
      ...(vary ? { varyPath: vary } : {}),
    });
  for (let round = 0; round < ROUNDS; round++) {
    api.push(await load(comparison.apiPath(0), varyPath));
    ceiling.push(await load(comparison.ceilingPath));
  }
  const a = pick(api);
  const c = pick(ceiling);
  const ratio = a.rps / c.rps;
  const { goal } = comparison;
  report.ratioRow(comparison.title, describe(a), describe(c), ratio, goal);
  report.record(comparison.key, {
    goal,
    ratio,
    pass: ratio >= goal,
    api: a,
    ceiling: c,
    allRuns: { api, ceiling },
  });
}

/**
 * A year of days (365 rows) from the 20-year well, its window moved one day per request:
 * 6,935 windows, far more than the response cache holds, each a different slice of the table.
 */
function rotatingYear(server: BenchServer): (n: number) => string {
  const windows = TWENTY_YEARS.count - DAILY_YEAR.count;
  return (n) => {
    const from = addDays(TWENTY_YEARS.from, n % windows);
    const to = addDays(from, DAILY_YEAR.count - 1);
    const { projectId, monthlyWellId } = server.fixture;
    return productionPath(projectId, monthlyWellId, `from=${from}&to=${to}`);
  };
}

/** Twenty years monthly, each request's `to` a different day past the data: the same rows. */
function rotatingMonthly(server: BenchServer): (n: number) => string {
  const base = monthlyPath(server.fixture).replace(/&to=[0-9-]+/, '');
  return (n) => `${base}&to=${addDays('2024-01-01', n)}`;
}

export async function runReadBenchmarks(report: Report, server: BenchServer): Promise<void> {
  const bytes = server.ceilingBytes;
  const daily = `${Math.round(bytes.daily / 1024)} KiB`;
  const monthly = `${Math.round(bytes.monthly / 1024)} KiB`;
  const comparisons: Comparison[] = [
    {
      key: 'dailyYear',
      title: `1. GET 365 daily, all fields (${daily})`,
      goal: 0.5,
      ceilingPath: CEILING_DAILY,
      apiPath: () => dailyPath(server.fixture),
      rotating: false,
    },
    {
      key: 'dailyYearUncached',
      title: '1b. the same, every request a cache miss',
      goal: 0.3,
      ceilingPath: CEILING_DAILY,
      apiPath: rotatingYear(server),
      rotating: true,
    },
    {
      key: 'monthly20y',
      title: `2. GET monthly of 7,300 daily (${monthly})`,
      goal: 0.3,
      ceilingPath: CEILING_MONTHLY,
      apiPath: () => monthlyPath(server.fixture),
      rotating: false,
    },
    {
      key: 'monthly20yUncached',
      title: '2b. the same, every request a cache miss',
      goal: 0.2,
      ceilingPath: CEILING_MONTHLY,
      apiPath: rotatingMonthly(server),
      rotating: true,
    },
  ];
  for (const comparison of comparisons) await versusCeiling(report, server, comparison);
}
