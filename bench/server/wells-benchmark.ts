import { measure } from './load.js';
import { wellsPath } from './paths.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';

/**
 * Benchmark 4: a 1,000-well page of a 20,000-well project filtered by `search`,
 * once by a common name fragment and once by an API-number fragment with dashes.
 * One connection, so the latency is the request's own cost, not queueing.
 */

const SEARCHES = [
  { key: 'name', search: 'ranch' },
  { key: 'apiNumber', search: '42-317-1' },
];

/** One plain GET first: checks the page is full and learns how many wells match. */
async function probe(
  server: BenchServer,
  path: string,
): Promise<{ returned: number; total: number }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${server.fixture.token}` },
  });
  const body = (await response.json()) as { data?: unknown[]; total?: number };
  if (response.status !== 200)
    throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
  return { returned: body.data?.length ?? 0, total: body.total ?? 0 };
}

export async function runWellsBenchmark(report: Report, server: BenchServer): Promise<void> {
  for (const { key, search } of SEARCHES) {
    const path = wellsPath(
      server.fixture.projectId,
      `limit=1000&search=${encodeURIComponent(search)}`,
    );
    const { returned, total } = await probe(server, path);
    const result = await measure({
      url: server.url,
      path,
      token: server.fixture.token,
      connections: 1,
    });
    const problems = result.non2xx + result.errors + result.timeouts;
    report.row({
      benchmark: `4. GET wells limit=1000 search=${search}`,
      api: `p50 ${fmt.ms(result.p50Ms)}, p99 ${fmt.ms(result.p99Ms)}, ${fmt.rps(result.rps)}`,
      reference: `${fmt.count(returned)} of ${fmt.count(total)} matches`,
      verdict: problems > 0 ? `${problems} bad` : '',
    });
    report.record(`wells_${key}`, { search, returned, total, ...result });
  }
}
