import { PRODUCTION_FIELDS, type ErrorDetail, type UnitSystem } from '#shared/api/index.js';
import type { IpcError } from '#shared/desktop/index.js';
import {
  describeValue,
  sameValues,
  type Base,
  type StoredValues,
} from '../outbox/stored-values.js';
import type { ServerDays } from './server-days.js';

/**
 * Conflict detection before a well's upserts go out. For each day we send,
 * the server's current value (from one read of the whole span) is compared:
 * - equal to ours: nothing to decide (someone made the same change, or an
 *   earlier attempt of ours got through without us hearing the answer);
 * - equal to the base (what it had when the engineer edited): unchanged, ours wins;
 * - equal to another value of ours queued for that day in this push: also our own write;
 * - base unknown (the day was never downloaded): nothing the engineer disagreed with;
 * - otherwise: the server changed since the edit AND differs from ours → a conflict.
 */

export interface GroupRow {
  seq: number;
  values: StoredValues;
  base: Base;
}

/** A day of the push: the row that wins (the latest operation's) and every queued row of it. */
export interface PushDay {
  date: string;
  latest: GroupRow;
  rows: GroupRow[];
}

export interface DayConflict {
  date: string;
  theirs: StoredValues | null;
  base: StoredValues | null;
  ours: StoredValues;
}

export function findConflicts(
  days: readonly PushDay[],
  server: ServerDays,
): Map<number, DayConflict[]> {
  const conflicts = new Map<number, DayConflict[]>();
  for (const day of days) {
    const { base, values: ours, seq } = day.latest;
    if (base === 'unknown') continue;
    const theirs = server.get(day.date) ?? null;
    if (sameValues(theirs, ours) || sameValues(theirs, base)) continue;
    if (day.rows.some((row) => sameValues(theirs, row.values))) continue;
    const list = conflicts.get(seq) ?? [];
    list.push({ date: day.date, theirs, base, ours });
    conflicts.set(seq, list);
  }
  return conflicts;
}

/** The conflict as the "Sync problems" list shows it: per day and field, in the project's units. */
export function conflictError(conflicts: readonly DayConflict[], system: UnitSystem): IpcError {
  const issues: ErrorDetail[] = [];
  for (const { date, theirs, base, ours } of conflicts) {
    if (theirs === null) {
      issues.push({
        path: `records[${date}]`,
        message: 'was deleted on the server since your edit',
      });
      continue;
    }
    PRODUCTION_FIELDS.forEach((field, f) => {
      const server = theirs[f] ?? null;
      if (server === (ours[f] ?? null)) return;
      issues.push({
        path: `records[${date}].${field}`,
        message: `is ${describeValue(f, server, system)} on the server (${base === null ? 'no record' : describeValue(f, base[f] ?? null, system)} when you edited it); yours is ${describeValue(f, ours[f] ?? null, system)}`,
      });
    });
  }
  const days = conflicts.length;
  return {
    type: 'conflict',
    message: `The server's values changed since your edit on ${days} day${days === 1 ? '' : 's'} (first ${conflicts[0]?.date}): keep yours or take the server's.`,
    details: { issues: issues.slice(0, 100) },
  };
}
