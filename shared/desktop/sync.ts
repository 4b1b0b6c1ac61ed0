import { z } from 'zod';
import { connectionIdArg, dateRangeShape, fromNotAfterTo, idArg } from './common-args.js';
import type { IpcError } from './errors.js';

/** sync-now, sync-status and offline-download-*: declared here, implemented by the sync half. */

export const SYNC_PHASES = [
  'idle', // nothing queued
  'syncing', // pushing the outbox
  'waiting', // backing off after 429/5xx, or for the rate limit
  'offline', // the server is unreachable; probing with backoff
  'signed-out', // 401: everything paused until the token is replaced
] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

export interface SyncStatus {
  connectionId: string;
  phase: SyncPhase;
  online: boolean;
  lastSyncAt: string | null;
  /** Operations waiting, rejected, and in conflict. */
  pending: number;
  errors: number;
  conflicts: number;
  /** When the next attempt or probe is due, while waiting or offline. */
  nextAttemptAt: string | null;
  lastError: IpcError | null;
}

export const syncNowArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type SyncNowArgs = z.infer<typeof syncNowArgsSchema>;

export const syncStatusArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type SyncStatusArgs = z.infer<typeof syncStatusArgsSchema>;

export const DOWNLOAD_STATES = ['idle', 'running', 'done', 'cancelled', 'failed'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

export interface DownloadStatus {
  connectionId: string;
  projectId: string;
  state: DownloadState;
  from: string | null;
  to: string | null;
  /** Wells done (already cached counts as done) out of all wells of the project. */
  done: number;
  total: number;
  error: IpcError | null;
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
