import {
  summariseDetails,
  type ErrorDetail,
  type ProductionRecordInput,
} from '#shared/api/index.js';
import { CoreError, type RecordsSaveResult } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';
import type { EditTarget } from './edit-target.js';
import type { OutboxOp } from './outbox-repo.js';
import { parsePayload } from './payloads.js';
import { currentDayValues } from '../overlay/current-days.js';
import { withRatiosFollowingRates } from './ratios-follow.js';
import { recordToStored, type Base, type StoredValues } from './stored-values.js';
import { logDayChanges, type ChangeOrigin, type DayChange } from '../changes/log-changes.js';

/**
 * records-save: full records of one well, in one IMMEDIATE transaction
 * (synchronous=FULL: once this returns, the edit survives a crash).
 *
 * Coalescing: a day already waiting in an operation that was never sent is
 * updated in place, keeping its base, unless a later delete-range covers that
 * day (then order matters and the new value must come after the delete).
 * Every other day joins the well's last operation when that is a never-sent
 * upsert, or a new one, with the server's current value as its base.
 *
 * An operation that was sent and not confirmed (offline, a lost answer, a
 * crash) is sealed: the server may hold its values already, and overwriting
 * them here would make our own write look like someone else's to the conflict
 * check. The new operation follows it and both go out in the same POST. A
 * rejected operation is edited in place (the server took none of it) and
 * becomes pending again: editing a rejected day is how it is fixed.
 *
 * A day's GOR and watercut that were derived from its rates follow an edit of the rates
 * (shared/production/ratios-follow-rates.ts): grid edits, pastes and imports alike.
 *
 * Every value that changes is written to the change log in the same transaction, with
 * where it came from (`origin`) and what it was before.
 */
export function saveRecords(
  ctx: CoreContext,
  target: EditTarget,
  records: readonly ProductionRecordInput[],
  origin: ChangeOrigin,
  /** The days as they are now, when the caller has read them already (an import has). */
  known?: ReadonlyMap<string, StoredValues>,
): RecordsSaveResult {
  const problems: ErrorDetail[] = [];
  const days = records
    .map((record, index) => ({
      date: record.date,
      values: recordToStored(record, target.unitSystem, index, problems),
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (problems.length > 0) {
    throw new CoreError('validation', summariseDetails(problems, 'records'), {
      issues: problems.slice(0, 100),
    });
  }
  return saveStoredDays(ctx, target, days, origin, known);
}

/** A day's values as the outbox keeps them (imperial). */
export interface StoredDay {
  date: string;
  values: StoredValues;
}

/**
 * saveRecords for values already in the cache's units, sorted by date: what taking an
 * import back writes, so the values restored are the very numbers the log kept.
 */
export function saveStoredDays(
  ctx: CoreContext,
  target: EditTarget,
  days: StoredDay[],
  origin: ChangeOrigin,
  known?: ReadonlyMap<string, StoredValues>,
): RecordsSaveResult {
  const span: DateInterval = { from: days[0]!.date, to: days[days.length - 1]!.date };
  const connectionId = target.connection.id;
  const wellId = target.well.id;
  const at = ctx.now().toISOString();

  return ctx.outbox.transaction(() => {
    const current =
      known ??
      currentDayValues(
        ctx,
        connectionId,
        wellId,
        days.map((day) => day.date),
      );
    for (const day of days)
      day.values = withRatiosFollowingRates(current.get(day.date), day.values);
    const ops = ctx.outbox.ofWell(connectionId, wellId);
    const holders = latestHolders(ctx, ops, span);
    const deletes = ops
      .filter((op) => op.kind === 'delete-range')
      .map((op) => ({ seq: op.seq, ...parsePayload(op, 'delete-range') }));
    const bySeq = new Map(ops.map((op) => [op.seq, op]));
    const tail = ops[ops.length - 1];
    let joined = tail?.kind === 'upsert-records' && isOpen(tail) ? tail.seq : undefined;
    const baseOf = baseReader(ctx, connectionId, wellId, span);
    const touched = new Set<number>();
    const changes: DayChange[] = [];
    const change = (date: string, after: StoredValues, outboxSeq: number) => {
      const before = current.get(date);
      const beforeUnknown = before === undefined && baseOf(date) === 'unknown';
      changes.push({ date, before, beforeUnknown, after, outboxSeq });
    };

    for (const { date, values } of days) {
      const holder = holders.get(date);
      const held = holder === undefined ? undefined : bySeq.get(holder);
      const inPlace =
        holder !== undefined &&
        held !== undefined &&
        (isOpen(held) || held.state === 'error') &&
        !deletes.some((d) => d.seq > holder && d.from <= date && date <= d.to);
      if (inPlace) {
        ctx.outboxRecords.upsert(holder, date, values, null); // the row exists: base is kept
        touched.add(holder);
        change(date, values, holder);
        continue;
      }
      joined ??= ctx.outbox.insert(
        {
          connectionId,
          projectId: target.projectId,
          wellId,
          kind: 'upsert-records',
          payload: '{}',
        },
        at,
      );
      ctx.outboxRecords.upsert(joined, date, values, baseOf(date));
      touched.add(joined);
      change(date, values, joined);
    }
    logDayChanges(ctx, target, origin, changes);
    // A rejected operation the engineer edited is sent again.
    for (const seq of touched) ctx.outbox.setState(connectionId, seq, 'pending', at);
    return { saved: days.length, outboxSeq: Math.max(...touched) };
  });
}

/** Never sent: nothing of it can be on the server yet. */
function isOpen(op: OutboxOp): boolean {
  return op.state === 'pending' && op.attempts === 0;
}

/** For each day of the span: the last upsert operation that holds it. */
function latestHolders(
  ctx: CoreContext,
  ops: readonly OutboxOp[],
  span: DateInterval,
): Map<string, number> {
  const holders = new Map<string, number>();
  for (const op of ops) {
    if (op.kind !== 'upsert-records') continue;
    for (const date of ctx.outboxRecords.datesIn(op.seq, span)) holders.set(date, op.seq);
  }
  return holders;
}

/**
 * The server's value of each day as the cache knows it: a row, none (the day
 * is covered and the server has no record), or unknown (never downloaded).
 */
export function baseReader(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  span: DateInterval,
): (date: string) => Base {
  const { dates, columns } = ctx.production.readColumns(connectionId, wellId, span);
  const rows = new Map<string, StoredValues>();
  dates.forEach((date, r) =>
    rows.set(
      date,
      columns.map((column) => column[r] ?? null),
    ),
  );
  const covered = ctx.coverage.overlapping(connectionId, wellId, span);
  return (date) => {
    if (!covered.some((interval) => interval.from <= date && date <= interval.to)) return 'unknown';
    return rows.get(date) ?? null;
  };
}
