import { addDays } from '#shared/dates/iso-day.js';
import { config } from './config.js';
import { productionPath, wellsPath } from './paths.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';

/**
 * Benchmark 6: many clients writing at once, each a small batch (5 days) to a well of its
 * own, as field devices or import jobs do: acknowledged writes a second and their latency.
 * SQLite commits one write at a time; PostgreSQL commits writes to different wells side by
 * side, which is what several instances on one database rely on.
 */

const CLIENTS = 50;
const RECORDS = 5;

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Wells of the fixture no other benchmark writes to: they hold no production. */
async function quietWells(server: BenchServer): Promise<string[]> {
  const { fixture } = server;
  const busy = new Set([
    fixture.dailyWellId,
    fixture.monthlyWellId,
    ...fixture.writeWellIds,
    ...fixture.soakWellIds,
  ]);
  const response = await fetch(`${server.url}${wellsPath(fixture.projectId, 'limit=200')}`, {
    headers: { authorization: `Bearer ${fixture.token}` },
  });
  const body = (await response.json()) as { data: Array<{ id: string }> };
  return body.data
    .map((well) => well.id)
    .filter((id) => !busy.has(id))
    .slice(0, CLIENTS);
}

export async function runConcurrentWrites(report: Report, server: BenchServer): Promise<void> {
  const wells = await quietWells(server);
  if (wells.length < CLIENTS) throw new Error('not enough quiet wells for concurrent writes');
  const latencies: number[] = [];
  let acknowledged = 0;
  let refused = 0;
  const started = Date.now();
  const deadline = started + config.loadSeconds * 1000;
  await Promise.all(
    wells.map(async (wellId, client) => {
      const path = productionPath(server.fixture.projectId, wellId);
      for (let batch = 0; Date.now() < deadline; batch++) {
        const records = Array.from({ length: RECORDS }, (_, i) => ({
          date: addDays('2040-01-01', batch * RECORDS + i),
          oil_rate: client + batch / 1000,
          gas_rate: 100 + i,
          water_rate: 10,
          runtime: 24,
        }));
        const sentAt = performance.now();
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${server.fixture.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ records }),
        });
        await response.text();
        latencies.push(performance.now() - sentAt);
        if (response.status === 200) acknowledged++;
        else refused++;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const result = {
    clients: CLIENTS,
    recordsPerWrite: RECORDS,
    seconds,
    acknowledged,
    refused,
    writesPerSecond: acknowledged / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
  report.row({
    benchmark: `6. ${CLIENTS} clients POST ${RECORDS} records, own wells`,
    api: `${fmt.rps(result.writesPerSecond)}, p50 ${fmt.ms(result.p50Ms)}, p99 ${fmt.ms(result.p99Ms)}`,
    reference: `acked ${fmt.count(acknowledged)}, refused ${refused}`,
    verdict: refused === 0 ? 'PASS' : 'FAIL',
  });
  report.record('concurrentWrites', result);
}
