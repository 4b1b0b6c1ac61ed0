import type { ImportCommitResult, OutboxOperationView, SyncStatus } from '#shared/desktop/index.js';
import { plural } from './summary-text.js';

/**
 * How far a committed import is on its way to the server, read from the
 * outbox: the import's operations (one per well) leave it as the server
 * accepts them, so what is still there is what is still to send.
 */
export type ImportSyncStage = 'queued' | 'syncing' | 'offline' | 'problem' | 'done';

export interface ImportSyncProgress {
  stage: ImportSyncStage;
  /** Records of the import the server has accepted. */
  sent: number;
  total: number;
  /** 0..1 */
  fraction: number;
  /** Operations of the import the server rejected or that are in conflict. */
  problems: number;
}

export function importSyncProgress(
  commit: Pick<ImportCommitResult, 'queued' | 'wells'>,
  operations: readonly OutboxOperationView[] | undefined,
  status: Pick<SyncStatus, 'phase' | 'online'> | undefined,
): ImportSyncProgress {
  const total = commit.queued;
  const seqs = new Set(commit.wells.map((well) => well.outboxSeq));
  const ours = (operations ?? []).filter((op) => seqs.has(op.seq));
  const remaining =
    operations === undefined ? total : ours.reduce((sum, op) => sum + op.recordCount, 0);
  const sent = Math.max(0, Math.min(total, total - remaining));
  const problems = ours.filter((op) => op.state === 'error' || op.state === 'conflict').length;
  const fraction = total === 0 ? 1 : sent / total;
  let stage: ImportSyncStage;
  if (operations !== undefined && ours.length === 0) stage = 'done';
  else if (problems > 0) stage = 'problem';
  else if (status && (status.phase === 'offline' || !status.online)) stage = 'offline';
  else if (status?.phase === 'syncing' || ours.some((op) => op.state === 'syncing'))
    stage = 'syncing';
  else stage = 'queued';
  return { stage, sent, total, fraction: stage === 'done' ? 1 : fraction, problems };
}

/** The line above the progress bar. */
export function progressHeadline(progress: ImportSyncProgress): string {
  switch (progress.stage) {
    case 'done':
      return 'On the server';
    case 'offline':
      return 'Saved on this computer — offline';
    case 'problem':
      return 'Saved on this computer — the server refused part of it';
    default:
      return 'Saved on this computer — syncing';
  }
}

/** The line under it. */
export function progressDetail(progress: ImportSyncProgress): string {
  const days = plural(progress.total, 'day');
  switch (progress.stage) {
    case 'done':
      return `All ${days} reached the server.`;
    case 'offline':
      return `${days} ${progress.total === 1 ? 'is' : 'are'} queued and will be sent when the connection returns; you can close this and keep working.`;
    case 'problem':
      return `${plural(progress.problems, 'change')} could not be sent; open Sync problems to edit, discard or export them.`;
    case 'syncing':
      return `${plural(progress.sent, 'day')} of ${formatTotal(progress.total)} sent. You can close this; syncing continues.`;
    case 'queued':
      return `${days} queued; sending shortly. You can close this; syncing continues.`;
  }
}

function formatTotal(total: number): string {
  return total.toLocaleString('en-US');
}
