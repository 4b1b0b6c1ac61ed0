import { z } from 'zod';
import { connectionIdArg } from './common-args.js';
import type { IpcError } from './errors.js';

/** sync-now, sync-status, sync-probe: the sync half (electron/core/sync). */

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
