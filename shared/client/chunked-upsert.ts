import type { IngestResult, ProductionRecordInput } from '../api/index.js';
import { throwIfAborted } from './api-call-error.js';

/**
 * Upper bound of records per request, below the server's 10,000
 * (docs/api-decisions.md) because docs/api-v1.md states no maximum: 5,000 keeps bodies
 * well under any proxy's limit and a retried chunk cheap.
 */
export const MAX_CHUNK_RECORDS = 5000;

export interface UpsertProgress {
  /** Chunks done so far, and in all. */
  chunk: number;
  chunks: number;
  /** Records acknowledged so far, and in all. */
  sent: number;
  total: number;
  inserted: number;
  updated: number;
}

export interface ChunkedUpsertOptions {
  /** Records per request; capped at MAX_CHUNK_RECORDS. */
  chunkSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: UpsertProgress) => void;
}

type UpsertOne = (
  records: ProductionRecordInput[],
  signal: AbortSignal | undefined,
) => Promise<IngestResult>;

/**
 * Sends the records in order, one chunk at a time, and sums the answers.
 * Sequential on purpose: it keeps the server's per-well writes in order and
 * lets the rate limiter pace bulk work. If a chunk fails, the chunks before it
 * stay written (onProgress said how far it got); since upsert is idempotent the
 * whole call can simply be repeated.
 */
export async function upsertInChunks(
  records: readonly ProductionRecordInput[],
  upsertOne: UpsertOne,
  options: ChunkedUpsertOptions = {},
): Promise<IngestResult> {
  const requested = options.chunkSize ?? MAX_CHUNK_RECORDS;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new RangeError(`chunkSize must be a whole number ≥ 1 (got ${requested})`);
  }
  const size = Math.min(requested, MAX_CHUNK_RECORDS);
  const chunks = Math.ceil(records.length / size);
  const sum: IngestResult = { inserted: 0, updated: 0, total: 0 };
  for (let index = 0; index < chunks; index++) {
    throwIfAborted(options.signal);
    const chunk = records.slice(index * size, (index + 1) * size);
    const result = await upsertOne(chunk, options.signal);
    sum.inserted += result.inserted;
    sum.updated += result.updated;
    sum.total += result.total;
    options.onProgress?.({
      chunk: index + 1,
      chunks,
      sent: Math.min(records.length, (index + 1) * size),
      total: records.length,
      inserted: sum.inserted,
      updated: sum.updated,
    });
  }
  return sum;
}
