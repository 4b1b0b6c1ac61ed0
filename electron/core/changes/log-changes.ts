import { PRODUCTION_FIELDS, type ProductionField } from '#shared/api/index.js';
import type { ChangeSource } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import type { EditTarget } from '../outbox/edit-target.js';
import type { StoredValues } from '../outbox/stored-values.js';
import type { ChangeEntry, ValueChange } from './change-log-repo.js';

/**
 * What the edit paths tell the change log. Each is called inside the transaction that
 * queues the change, so the log and the outbox never disagree after a crash.
 */

/** Where an action came from, and the action it joins (one import spans wells). */
export interface ChangeOrigin {
  source: ChangeSource;
  /** The file's name of an import. */
  label?: string | null;
  /** Set by a caller that records several wells as one action. */
  batch?: number;
}

/** One day as it was and as it is now, and the operation that carries it. */
export interface DayChange {
  date: string;
  /** undefined: the day held no record here. */
  before: StoredValues | undefined;
  /** The day was never downloaded: "before" is not known. */
  beforeUnknown: boolean;
  /** null: the day's record is deleted. */
  after: StoredValues | null;
  outboxSeq: number;
}

export function logDayChanges(
  ctx: CoreContext,
  target: EditTarget,
  origin: ChangeOrigin,
  days: readonly DayChange[],
  label: string | null = origin.label ?? null,
): void {
  const entries: ChangeEntry[] = [];
  for (const day of days) {
    const values: ValueChange[] = [];
    PRODUCTION_FIELDS.forEach((field: ProductionField, f) => {
      const old = day.before?.[f] ?? null;
      const now = day.after?.[f] ?? null;
      // Unknown before: every value given is on record, since none can be shown unchanged.
      if (old !== now || (day.beforeUnknown && now !== null)) values.push([field, old, now]);
    });
    if (values.length === 0) continue;
    entries.push({
      date: day.date,
      values,
      oldUnknown: day.beforeUnknown,
      newDay: day.before === undefined && !day.beforeUnknown,
      outboxSeq: day.outboxSeq,
    });
  }
  logEntries(ctx, target, origin, label, entries);
}

/** A well member changed: name, status, API number, … as the cache stores them. */
export function logWellChanges(
  ctx: CoreContext,
  target: EditTarget,
  origin: ChangeOrigin,
  changes: ReadonlyArray<{ field: string; before: unknown; after: unknown }>,
  outboxSeq: number,
): void {
  const values = changes
    .filter(({ before, after }) => before !== after)
    .map(({ field, before, after }): ValueChange => [field, cell(before), cell(after)]);
  if (values.length === 0) return;
  const entry: ChangeEntry = { date: null, values, oldUnknown: false, newDay: false, outboxSeq };
  logEntries(ctx, target, origin, origin.label ?? null, [entry]);
}

function cell(value: unknown): number | string | null {
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** Entries as they are, for changes that are neither a day's fields nor a well's members. */
export function logEntries(
  ctx: CoreContext,
  target: EditTarget,
  origin: ChangeOrigin,
  label: string | null,
  entries: readonly ChangeEntry[],
): void {
  if (entries.length === 0) return;
  const connectionId = target.connection.id;
  ctx.changeLog.record(
    {
      connectionId,
      projectId: target.projectId,
      wellId: target.well.id,
      wellName: target.well.name,
      batch: origin.batch ?? ctx.changeLog.nextBatch(),
      at: ctx.now().toISOString(),
      actor: ctx.changeLog.actor,
      source: origin.source,
      sourceLabel: label,
    },
    entries,
  );
}
