import { PRODUCTION_FIELDS, type ProductionRecord, type SeriesItem } from '#shared/api/index.js';
import { productionPath } from './paths.js';
import type { BenchServer } from './server-process.js';

/**
 * After the soak: reads every soak well back through the API (daily, all
 * fields, over the span of its acknowledged writes) and checks that each
 * acknowledged write is there with exactly the values sent. Values are
 * imperial in an imperial project, so they must round-trip bit for bit.
 */

export interface AckedWrite {
  client: number;
  wellId: string;
  records: ProductionRecord[];
}

export interface Verification {
  verifiedWrites: number;
  mismatchedWrites: number;
  /** A few examples, so a failure says what was wrong. */
  examples: string[];
}

async function readSeries(
  server: BenchServer,
  wellId: string,
  from: string,
  to: string,
): Promise<Map<string, SeriesItem>> {
  const path = productionPath(server.fixture.projectId, wellId, `from=${from}&to=${to}`);
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${server.fixture.token}` },
  });
  if (response.status !== 200)
    throw new Error(`read-back GET ${path}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: SeriesItem[] };
  return new Map(body.data.map((item) => [item.date, item]));
}

function problem(record: ProductionRecord, stored: SeriesItem | undefined): string | null {
  if (!stored) return `${record.date} missing`;
  for (const field of PRODUCTION_FIELDS) {
    if (stored[field] !== record[field])
      return `${record.date} ${field}: wrote ${record[field]}, read ${stored[field]}`;
  }
  return null;
}

export async function verifyWrites(
  server: BenchServer,
  acked: readonly AckedWrite[],
): Promise<Verification> {
  const byWell = new Map<string, AckedWrite[]>();
  for (const write of acked) {
    const list = byWell.get(write.wellId) ?? [];
    list.push(write);
    byWell.set(write.wellId, list);
  }
  const result: Verification = { verifiedWrites: 0, mismatchedWrites: 0, examples: [] };
  for (const [wellId, writes] of byWell) {
    const dates = writes.flatMap((write) => write.records.map((record) => record.date)).sort();
    const stored = await readSeries(server, wellId, dates[0]!, dates[dates.length - 1]!);
    for (const write of writes) {
      const found = write.records
        .map((record) => problem(record, stored.get(record.date)))
        .find((p) => p !== null);
      if (found === undefined) {
        result.verifiedWrites++;
      } else {
        result.mismatchedWrites++;
        if (result.examples.length < 5)
          result.examples.push(`client ${write.client}, well ${wellId}: ${found}`);
      }
    }
  }
  return result;
}
