import { z } from 'zod';
import { connectionIdArg, dateRangeShape, fromNotAfterTo, idArg } from './common-args.js';
import type { IpcError } from './errors.js';

/** sync-now, sync-status (the sync half) and offline-download-* (electron/core/download). */

export const SYNC_PHASES = [
  'idle', // nothing queued
  'syncing', // pushing the outbox
  'waiting', // backing off after 429/5xx, or for the rate limit
  'offline', // the server is unreachable; probing with backoff
  'signed-out', // 401: everything paused until the token is replaced
] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

/**
 * What this session knows of the server: `unknown` until the first call (a probe at start,
 * or any read) has an answer, then whether the last call reached it.
 */
export const SYNC_REACHABILITY = ['unknown', 'reachable', 'unreachable'] as const;
export type SyncReachability = (typeof SYNC_REACHABILITY)[number];

export interface SyncStatus {
  connectionId: string;
  phase: SyncPhase;
  /** Not known to be offline (true until a call finds no server); see `reachability`. */
  online: boolean;
  /** What the top bar shows: Connecting… (unknown), Online (reachable), Offline. */
  reachability: SyncReachability;
  /** When the server last accepted changes from this laptop. */
  lastSyncAt: string | null;
  /** When any call last reached the server. */
  lastContactAt: string | null;
  /** Operations waiting (those being sent included), being sent, rejected, and in conflict. */
  pending: number;
  syncing: number;
  errors: number;
  conflicts: number;
  /** Well events changed or deleted here, not yet on the server (they travel beside the outbox). */
  pendingEvents: number;
  /** When the next attempt or probe is due, while waiting or offline. */
  nextAttemptAt: string | null;
  lastError: IpcError | null;
}

export const syncNowArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type SyncNowArgs = z.infer<typeof syncNowArgsSchema>;

export const syncStatusArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type SyncStatusArgs = z.infer<typeof syncStatusArgsSchema>;

/** One cheap call to the server, to learn whether it answers (at start, on focus, on a timer). */
export const syncProbeArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type SyncProbeArgs = z.infer<typeof syncProbeArgsSchema>;

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
