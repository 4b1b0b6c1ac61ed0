import { z } from 'zod';
import { connectionIdArg, dateRangeShape, fromNotAfterTo, idArg } from './common-args.js';
import type { IpcError } from './errors.js';

/** offline-download-start, -cancel, -status (electron/core/download). */

export const DOWNLOAD_STATES = ['idle', 'running', 'done', 'cancelled', 'failed'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** A well the download could not fetch; the download went on without it. */
export interface DownloadWellFailure {
  wellId: string;
  /** As last cached; null when the well was not in the cache. */
  name: string | null;
  /** `not-found`: deleted on the server (and removed from the cache); others: see the message. */
  error: IpcError;
}

/**
 * What of a project is available offline for a date range, computed from the
 * cache (so it stays true after a restart, and after reads cached more).
 */
export interface OfflineAvailability {
  from: string;
  to: string;
  /** Wells of the project in the cache whose production is cached for all of [from, to]. */
  wellsCovered: number;
  /** Wells of the project in the cache. */
  wellsTotal: number;
  /** When the project's complete well list was last fetched; null: wells-list cannot answer offline. */
  wellsListedAt: string | null;
  /** The oldest fetch among the covered wells' production (the "as of" to show); null if none. */
  fetchedAt: string | null;
}

export interface DownloadStatus {
  connectionId: string;
  projectId: string;
  state: DownloadState;
  from: string | null;
  to: string | null;
  /**
   * Wells finished — fetched, already cached, or failed (see `failed`) — out of
   * all wells of the project. `total` is 0 until the well list is known.
   */
  done: number;
  total: number;
  /** Of `done`: wells whose range was already cached when the run started (a resume skips them). */
  alreadyCached: number;
  failed: DownloadWellFailure[];
  /** Requests answered, out of those the run expects (finer-grained than wells). */
  requestsDone: number;
  requestsTotal: number;
  /** Daily production rows received in this run. */
  records: number;
  startedAt: string | null;
  finishedAt: string | null;
  /**
   * Estimated time left while running, in ms; null while unknown. It is never
   * below what the server's advertised rate limit (X-RateLimit-*) allows.
   */
  etaMs: number | null;
  /** The server's rate limit holds requests back until then (ISO 8601); null otherwise. */
  rateLimitedUntil: string | null;
  /** Why the download failed (`failed`); null otherwise. */
  error: IpcError | null;
  /** The "available offline" summary for this download's range; null when no range is known. */
  available: OfflineAvailability | null;
}

export const offlineDownloadStartArgsSchema = z
  .strictObject({ connectionId: connectionIdArg, projectId: idArg, ...dateRangeShape })
  .superRefine(fromNotAfterTo);
export type OfflineDownloadStartArgs = z.infer<typeof offlineDownloadStartArgsSchema>;

export const offlineDownloadCancelArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
});
export type OfflineDownloadCancelArgs = z.infer<typeof offlineDownloadCancelArgsSchema>;

export const offlineDownloadStatusArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
});
export type OfflineDownloadStatusArgs = z.infer<typeof offlineDownloadStatusArgsSchema>;
