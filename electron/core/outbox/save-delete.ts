import type { RecordsDeleteResult } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';
import type { EditTarget } from './edit-target.js';
import type { DeletePayload } from './payloads.js';
import { logDayChanges, logEntries, type ChangeOrigin } from '../changes/log-changes.js';
import { mergedDays } from '../overlay/current-days.js';
import type { MergedDaily } from '../overlay/production-overlay.js';

/**
 * records-delete: queues a delete-range after everything the well already
 * has queued. Days of the range still waiting in operations that have not
 * started sending are dropped from them (the delete would remove them on the
 * server anyway), and an operation left with no day is dropped whole. Days in
 * operations being sent or in conflict stay: the delete follows them in order.
 *
 * A delete carries no base and is not checked for conflicts: it says "no
 * records on these days", whatever the server holds there.
 *
 * The change log gets each value the person could see in the range (days never
 * downloaded are not known here), labelled with the range.
 */
export function saveDelete(
  ctx: CoreContext,
  target: EditTarget,
  range: DateInterval,
  /** Who asks: a delete in the grid, or an import taken back (which joins its action). */
  origin: ChangeOrigin = { source: 'delete' },
): RecordsDeleteResult {
  const connectionId = target.connection.id;
  const at = ctx.now().toISOString();
  return ctx.outbox.transaction(() => {
    const held = mergedDays(ctx, connectionId, target.well.id, range);
    const ops = ctx.outbox.ofWell(connectionId, target.well.id);
    const payload: DeletePayload = { from: range.from, to: range.to };
    const outboxSeq = ctx.outbox.insert(
      {
        connectionId,
        projectId: target.projectId,
        wellId: target.well.id,
        kind: 'delete-range',
        payload: JSON.stringify(payload),
      },
      at,
    );
    for (const op of ops) {
      if (op.kind !== 'upsert-records' || (op.state !== 'pending' && op.state !== 'error')) {
        continue;
      }
      // Their changes now reach the server (as "no record") with the delete.
      ctx.changeLog.repoint(connectionId, op.seq, range, outboxSeq);
      if (ctx.outboxRecords.removeRange(op.seq, range) > 0) {
        if (ctx.outboxRecords.summary(op.seq).count === 0) ctx.outbox.remove(connectionId, op.seq);
      }
    }
    logDelete(ctx, target, range, held, outboxSeq, origin);
    return { outboxSeq };
  });
}

function logDelete(
  ctx: CoreContext,
  target: EditTarget,
  range: DateInterval,
  held: MergedDaily,
  outboxSeq: number,
  origin: ChangeOrigin,
): void {
  const days = held.dates.map((date, r) => ({
    date,
    before: held.columns.map((column) => column[r] ?? null),
    beforeUnknown: false,
    after: null,
    outboxSeq,
  }));
  const label =
    origin.label ?? (range.from === range.to ? range.from : `${range.from} to ${range.to}`);
  if (days.length > 0) {
    logDayChanges(ctx, target, origin, days, label);
    return;
  }
  // Nothing of the range is on this computer: the delete itself is still on record.
  logEntries(ctx, target, origin, label, [
    {
      date: range.from,
      values: [['records', null, null]],
      oldUnknown: true,
      newDay: false,
      outboxSeq,
    },
  ]);
}
