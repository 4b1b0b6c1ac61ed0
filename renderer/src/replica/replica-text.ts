import type { ReplicaStatus } from '#shared/desktop/index.js';
import { formatCount, formatMoment } from '../shell/format.js';

/**
 * What the status bar, the project header and the storage page say about a replica. A
 * sentence naming the project comes as the words before and after the name, so the page can
 * isolate the name (a <bdi>) without the sentence being cut in pieces elsewhere.
 */
export interface Sentence {
  before: string;
  after: string;
}

/** States the status bar stays up for: something is going on, or held. */
export const ACTIVE_STATES: ReadonlySet<ReplicaStatus['state']> = new Set([
  'running',
  'queued',
  'paused',
  'offline',
  'failed',
]);

/** "61 of 141 wells", or "recent days: 90 of 141 wells" while the recent days come first. */
export function wellsText(status: ReplicaStatus): string {
  if (status.state === 'running' && status.phase === 'wells') return 'listing wells…';
  if (status.state === 'running' && status.phase === 'refresh') return 'checking what changed…';
  const of = `of ${formatCount(status.wellsTotal)} well${status.wellsTotal === 1 ? '' : 's'}`;
  return status.state === 'running' && status.phase === 'recent'
    ? `recent days: ${formatCount(status.wellsRecent)} ${of}`
    : `${formatCount(status.wellsComplete)} ${of}`;
}

/** The bar's progress: the count its text gives, or null while the wells are being listed. */
export function progressOf(status: ReplicaStatus): { now: number; max: number } | null {
  if (status.wellsTotal === 0) return null;
  if (status.state === 'running' && status.phase === 'wells') return null;
  const now =
    status.state === 'running' && status.phase === 'recent'
      ? status.wellsRecent
      : status.wellsComplete;
  return { now: Math.min(now, status.wellsTotal), max: status.wellsTotal };
}

/** The status bar's sentence. */
export function barSentence(status: ReplicaStatus, now?: Date): Sentence {
  const wells = wellsText(status);
  switch (status.state) {
    case 'running':
      return { before: 'Keeping ', after: ` on this computer: ${wells}` };
    case 'queued':
      return { before: 'Waiting to keep ', after: ` on this computer: ${wells}` };
    case 'paused':
      return { before: 'Paused keeping ', after: ` on this computer: ${wells}` };
    case 'offline':
      return {
        before: 'Keeping ',
        after: ` on this computer: ${wells}. Offline: it goes on when the server answers.`,
      };
    case 'failed':
      return {
        before: 'Could not keep ',
        after: ` on this computer: ${status.error?.message ?? 'it stopped on an error.'}`,
      };
    case 'current':
      return {
        before: '',
        after: status.asOf
          ? ` on this computer, as of ${formatMoment(status.asOf, now)}`
          : ' on this computer',
      };
    case 'not-kept':
      return { before: '', after: ' is not kept on this computer' };
  }
}

/** The project header's line (the header names the project already). */
export function headerText(status: ReplicaStatus, now?: Date): string {
  const wells = wellsText(status);
  switch (status.state) {
    case 'current':
      return status.asOf
        ? `On this computer · as of ${formatMoment(status.asOf, now)}`
        : 'On this computer';
    case 'running':
      return `Keeping on this computer: ${wells}`;
    case 'queued':
      return `Waiting to keep on this computer: ${wells}`;
    case 'paused':
      return `Paused: ${wells} on this computer`;
    case 'offline':
      return `Offline: ${wells} on this computer; it goes on when the server answers`;
    case 'failed':
      return `Stopped: ${status.error?.message ?? 'an error stopped it.'}`;
    case 'not-kept':
      return 'Not kept on this computer';
  }
}

/** The storage table's state column: a word or two. */
export const STATE_LABEL: Record<ReplicaStatus['state'], string> = {
  queued: 'Waiting',
  running: 'Keeping',
  paused: 'Paused',
  current: 'Current',
  offline: 'Offline',
  failed: 'Stopped',
  'not-kept': 'Not kept',
};

/** "Over budget: days before 2019-03-01 left out", or null. */
export function leftOutText(status: ReplicaStatus): string | null {
  return status.leftOutBefore
    ? `Over budget: days before ${status.leftOutBefore.slice(0, 10)} left out`
    : null;
}
