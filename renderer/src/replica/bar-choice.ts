import type { ReplicaStatus } from '#shared/desktop/index.js';
import { ACTIVE_STATES } from './replica-text.js';

/**
 * The one project the status bar shows when several are kept: the one fetching, else one
 * held by the network, waiting, paused by the person, or stopped, in that order (what is
 * moving first; what needs the person last, since the storage page lists every one).
 */
const ORDER: ReadonlyArray<ReplicaStatus['state']> = [
  'running',
  'offline',
  'queued',
  'paused',
  'failed',
];

export function barChoice(projects: readonly ReplicaStatus[]): {
  shown: ReplicaStatus | null;
  others: number;
} {
  const active = projects.filter((project) => ACTIVE_STATES.has(project.state));
  const ranked = [...active].sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state));
  return { shown: ranked[0] ?? null, others: Math.max(0, ranked.length - 1) };
}

/**
 * Projects that were active in the last list and are current in this one: their replica
 * just became whole, which the bar says quietly for a moment.
 */
export function newlyCurrent(
  before: readonly ReplicaStatus[],
  after: readonly ReplicaStatus[],
): ReplicaStatus | null {
  const wasActive = new Set(
    before.filter((p) => ACTIVE_STATES.has(p.state)).map((p) => p.projectId),
  );
  return after.find((p) => p.state === 'current' && wasActive.has(p.projectId)) ?? null;
}
