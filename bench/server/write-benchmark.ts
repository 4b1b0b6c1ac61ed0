import { config } from './config.js';
import { productionPath } from './paths.js';
import { RawUpserter } from './raw-upsert.js';
import { dailyRecords } from './records.js';
import { fmt, type Report } from './report.js';
import type { BenchServer } from './server-process.js';

/**
 * Benchmark 3: one POST of 10,000 full records into a fresh well, timed from
 * sending the (pre-serialized) body to reading the whole response, alternating
 * with the raw upsert of the same rows. Medians of several repetitions.
 */

const RECORDS = 10_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function postOnce(server: BenchServer, wellId: string, body: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${productionPath(server.fixture.projectId, wellId)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.fixture.token}`,
      'content-type': 'application/json',
    },
    body,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const result = JSON.parse(text) as { inserted?: number; total?: number };
  if (response.status !== 200 || result.inserted !== RECORDS || result.total !== RECORDS) {
    throw new Error(`POST ${RECORDS} records: ${response.status} ${text.slice(0, 300)}`);
  }
  return elapsed;
}

export async function runWriteBenchmark(report: Report, server: BenchServer): Promise<void> {
  const wells = server.fixture.writeWellIds;
  if (wells.length < config.writeRepeats + 1)
    throw new Error('not enough empty wells for the write benchmark');
  const raw = new RawUpserter();
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  let bodyBytes = 0;
  try {
    // Repetition 0 is a warm-up (JIT, zod, first page allocations) and is not counted.
    for (let i = 0; i <= config.writeRepeats; i++) {
      const records = dailyRecords('1995-01-01', RECORDS, 100 + i);
      const body = JSON.stringify({ records });
      bodyBytes = body.length;
      const api = await postOnce(server, wells[i]!, body);
      const direct = raw.run(records);
      if (i > 0) {
        apiMs.push(api);
        rawMs.push(direct);
      }
    }
  } finally {
    raw.close();
  }
  const apiRate = RECORDS / (median(apiMs) / 1000);
  const rawRate = RECORDS / (median(rawMs) / 1000);
  const ratio = apiRate / rawRate;
  report.ratioRow(
    `3. POST 10,000 records (${(bodyBytes / 1024 / 1024).toFixed(1)} MiB), median of ${apiMs.length}`,
    `${fmt.count(apiRate)} rec/s (${fmt.ms(median(apiMs))})`,
    `${fmt.count(rawRate)} rec/s (${fmt.ms(median(rawMs))})`,
    ratio,
    0.5,
  );
  report.record('post10k', {
    goal: 0.5,
    ratio,
    pass: ratio >= 0.5,
    records: RECORDS,
    bodyBytes,
    apiRecordsPerSecond: apiRate,
    rawRecordsPerSecond: rawRate,
    apiMs,
    rawMs,
  });
}
