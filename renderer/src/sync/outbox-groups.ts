import type { OutboxOperationView } from '#shared/desktop/index.js';
import { daysInclusive } from '#shared/dates/iso-day.js';
import { formatDayRange } from './dates.js';

/**
 * The outbox as the sync panel shows it: changes still on their way, grouped by
 * well (the engine sends each well's changes in order, so a well is the unit a
 * person thinks in), and the ones that need a decision, listed one by one.
 */

export interface PendingWellGroup {
  projectId: string;
  wellId: string;
  operations: OutboxOperationView[];
  /** Being sent right now (any of its operations is). */
  syncing: boolean;
  /**
   * Held back behind a rejected or conflicting change of the same well: the
   * engine keeps each well's changes in order, so these wait for that decision.
   */
  blocked: boolean;
}

export interface OutboxSections {
  pending: PendingWellGroup[];
  failed: OutboxOperationView[];
  conflicts: OutboxOperationView[];
}

export function splitOutbox(operations: readonly OutboxOperationView[]): OutboxSections {
  const ordered = [...operations].sort((a, b) => a.seq - b.seq);
  const stuckWells = new Set(
    ordered.filter((op) => op.state === 'error' || op.state === 'conflict').map((op) => op.wellId),
  );
  const groups = new Map<string, PendingWellGroup>();
  for (const op of ordered) {
    if (op.state !== 'pending' && op.state !== 'syncing') continue;
    const key = `${op.projectId}\u0000${op.wellId}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        projectId: op.projectId,
        wellId: op.wellId,
        operations: [],
        syncing: false,
        blocked: stuckWells.has(op.wellId),
      };
      groups.set(key, group);
    }
    group.operations.push(op);
    if (op.state === 'syncing') group.syncing = true;
  }
  return {
    // Wells being sent first, then in the order their first change was queued.
    pending: [...groups.values()].sort((a, b) => Number(b.syncing) - Number(a.syncing)),
    failed: ordered.filter((op) => op.state === 'error'),
    conflicts: ordered.filter((op) => op.state === 'conflict'),
  };
}

/** What one operation changes, in a few words: "12 days · 2024-01-05 – 2024-01-16". */
export function describeChange(op: OutboxOperationView): string {
  switch (op.kind) {
    case 'upsert-records': {
      const days = `${op.recordCount.toLocaleString('en-US')} day${op.recordCount === 1 ? '' : 's'} edited`;
      return op.range ? `${days} · ${formatDayRange(op.range.from, op.range.to)}` : days;
    }
    case 'delete-range': {
      if (!op.range) return 'Days deleted';
      const days = daysInclusive(op.range.from, op.range.to);
      return `${days.toLocaleString('en-US')} day${days === 1 ? '' : 's'} deleted · ${formatDayRange(op.range.from, op.range.to)}`;
    }
    case 'update-well':
      return 'Well details changed';
  }
}

/** The one-line summary of a well's queued changes, for a collapsed group. */
export function summariseGroup(group: PendingWellGroup): string {
  let days = 0;
  let deletes = 0;
  let details = false;
  for (const op of group.operations) {
    if (op.kind === 'upsert-records') days += op.recordCount;
    else if (op.kind === 'delete-range') deletes++;
    else details = true;
  }
  const parts: string[] = [];
  if (days > 0) parts.push(`${days.toLocaleString('en-US')} day${days === 1 ? '' : 's'} edited`);
  if (deletes > 0) parts.push(`${deletes} deletion${deletes === 1 ? '' : 's'}`);
  if (details) parts.push('well details');
  return parts.join(', ');
}

/** Where the well page should open to fix a change: its dates, if it has any. */
export function editHref(op: Pick<OutboxOperationView, 'projectId' | 'wellId' | 'range'>): string {
  const path = `/projects/${encodeURIComponent(op.projectId)}/wells/${encodeURIComponent(op.wellId)}`;
  if (!op.range) return path;
  const query = new URLSearchParams({ from: op.range.from, to: op.range.to });
  return `${path}?${query.toString()}`;
}
