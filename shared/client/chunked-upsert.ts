import type { ProductionRecordInput } from '../api/index.js';
import { throwIfAborted } from './api-call-error.js';
import type { ApiIngestResult } from './response-schemas.js';

/**
 * Upper bound of records per JSON POST. docs/api-v1.md states no maximum, and
 * the published service directs imports "exceeding thousands of records" to
 * its CSV import (docs/compatibility.md): 1,000 stays below that on any
 * reading, well under our server's 10,000 and any proxy's body limit, and
 * keeps a retried chunk cheap.
 */
export const MAX_CHUNK_RECORDS = 1000;

/** Rows per CSV import request: our server takes up to 500,000 (docs/api-decisions.md). */
export const MAX_CSV_IMPORT_RECORDS = 100_000;

export interface UpsertProgress {
  /** Chunks done so far, and in all. */
  chunk: number;
  chunks: number;
  /** Records acknowledged so far, and in all. */
  sent: number;
  total: number;
  /** null once a request's answer did not say. */
  inserted: number | null;
  updated: number | null;
}

export interface ChunkedUpsertOptions {
  /** Records per request; capped at MAX_CHUNK_RECORDS (JSON) or MAX_CSV_IMPORT_RECORDS (CSV). */
  chunkSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: UpsertProgress) => void;
}

type UpsertOne = (
  records: ProductionRecordInput[],
  signal: AbortSignal | undefined,
) => Promise<ApiIngestResult>;

/** Adds counts that may be unknown: unknown stays unknown. */
function addCount(sum: number | null, part: number | null): number | null {
  return sum === null || part === null ? null : sum + part;
}

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
  maxChunk: number = MAX_CHUNK_RECORDS,
): Promise<ApiIngestResult> {
  const requested = options.chunkSize ?? maxChunk;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new RangeError(`chunkSize must be a whole number ≥ 1 (got ${requested})`);
  }
  const size = Math.min(requested, maxChunk);
  const chunks = Math.ceil(records.length / size);
  const sum: ApiIngestResult = { inserted: 0, updated: 0, total: 0 };
  for (let index = 0; index < chunks; index++) {
    throwIfAborted(options.signal);
    const chunk = records.slice(index * size, (index + 1) * size);
    const result = await upsertOne(chunk, options.signal);
    sum.inserted = addCount(sum.inserted, result.inserted);
    sum.updated = addCount(sum.updated, result.updated);
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
