import { z } from 'zod';
import { connectionIdArg, idArg } from './common-args.js';
import type { IpcError } from './errors.js';

/**
 * The working set kept on this computer (electron/core/replica): every project the person
 * opens online is replicated in the background, its wells, then each well's recent days, then
 * the rest of its history, and kept current afterwards. See docs/user-guide.md, "On this
 * computer".
 */

/**
 * - `queued`: waiting for another project's replication to finish;
 * - `running`: fetching (see `phase`);
 * - `paused`: held by the person until resumed (also across restarts);
 * - `current`: every well whole, and checked against the server at `asOf`;
 * - `offline`: the server cannot be reached; resumes by itself when it can;
 * - `failed`: stopped on an error (see `error`); opening the project tries again;
 * - `not-kept`: cancelled or removed; opening the project does not replicate it again until
 *   the person keeps it (`replica-pin`).
 */
export const REPLICA_STATES = [
  'queued',
  'running',
  'paused',
  'current',
  'offline',
  'failed',
  'not-kept',
] as const;
export type ReplicaState = (typeof REPLICA_STATES)[number];

/** `wells`: the well list; `recent`: each well's last RECENT_DAYS; `history`: the rest; `refresh`: what changed. */
export const REPLICA_PHASES = ['wells', 'recent', 'history', 'refresh'] as const;
export type ReplicaPhase = (typeof REPLICA_PHASES)[number];

/** The days of each well fetched before any well's older history. */
export const REPLICA_RECENT_DAYS = 120;

export interface ReplicaStatus {
  connectionId: string;
  projectId: string;
  /** As last cached; the id when the project's name is not known. */
  projectName: string;
  state: ReplicaState;
  /** What a running replication is doing; null otherwise. */
  phase: ReplicaPhase | null;
  /** "Keep on this computer": never released for lack of use. */
  pinned: boolean;
  /** Wells of the project on this computer. */
  wellsTotal: number;
  /** Wells whose last REPLICA_RECENT_DAYS days are here. */
  wellsRecent: number;
  /** Wells whose whole history is here (what the status bar counts). */
  wellsComplete: number;
  /** Daily rows stored for the project. */
  days: number;
  /** Bytes the project's stored production takes (the packed store). */
  bytes: number;
  /** When the replica was last whole and checked against the server; null: not yet. */
  asOf: string | null;
  /** When the person last opened the project here. */
  lastOpenedAt: string | null;
  /** Over the storage budget: days before this date were left out; null: nothing left out. */
  leftOutBefore: string | null;
  /** The server's rate limit holds requests back until then (ISO 8601); null otherwise. */
  rateLimitedUntil: string | null;
  /** Why it stopped (`failed`, `offline`); null otherwise. */
  error: IpcError | null;
}

export interface ReplicaSettings {
  /** A project not opened for this many days is released (never a pinned one, or with pending edits). */
  releaseAfterDays: number;
  /** Bytes all kept production may take; a project over it keeps its newest days. */
  budgetBytes: number;
}

export const DEFAULT_REPLICA_SETTINGS: ReplicaSettings = {
  releaseAfterDays: 30,
  budgetBytes: 2 * 1024 ** 3,
};

export interface ReplicaListResult {
  projects: ReplicaStatus[];
  settings: ReplicaSettings;
  /** Bytes of all kept production. */
  totalBytes: number;
}

const projectArgs = { connectionId: connectionIdArg, projectId: idArg };

/** The person opened the project: remember when, and replicate it while online. */
export const replicaOpenArgsSchema = z.strictObject(projectArgs);
export type ReplicaOpenArgs = z.infer<typeof replicaOpenArgsSchema>;

/** "Keep on this computer" on (never released) or off (released after the idle days). */
export const replicaPinArgsSchema = z.strictObject({ ...projectArgs, pinned: z.boolean() });
export type ReplicaPinArgs = z.infer<typeof replicaPinArgsSchema>;

/** Pause, resume and cancel a project's replication; status of one project. */
export const replicaProjectArgsSchema = z.strictObject(projectArgs);
export type ReplicaProjectArgs = z.infer<typeof replicaProjectArgsSchema>;

export const replicaListArgsSchema = z.strictObject({ connectionId: connectionIdArg });
export type ReplicaListArgs = z.infer<typeof replicaListArgsSchema>;

/** Remove a project's production from this computer; refused while it has pending edits. */
export const replicaRemoveArgsSchema = z.strictObject(projectArgs);
export type ReplicaRemoveArgs = z.infer<typeof replicaRemoveArgsSchema>;

const GIB = 1024 ** 3;
export const replicaSettingsSaveArgsSchema = z.strictObject({
  releaseAfterDays: z
    .number()
    .int({ message: 'must be a whole number of days' })
    .min(1, { message: 'must be at least 1 day' })
    .max(3650, { message: 'must be at most 3650 days' })
    .optional(),
  budgetBytes: z
    .number()
    .int({ message: 'must be a whole number of bytes' })
    .min(8 * 1024 ** 2, { message: 'must be at least 8 MiB' })
    .max(1024 * GIB, { message: 'must be at most 1 TiB' })
    .optional(),
});
export type ReplicaSettingsSaveArgs = z.infer<typeof replicaSettingsSaveArgsSchema>;
