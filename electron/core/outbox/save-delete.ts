import type { RecordsDeleteResult } from '../../../shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';
import type { EditTarget } from './edit-target.js';
import type { DeletePayload } from './payloads.js';

/**
 * records-delete: queues a delete-range after everything the well already
 * has queued. Days of the range still waiting in operations that have not
 * started sending are dropped from them (the delete would remove them on the
 * server anyway), and an operation left with no day is dropped whole. Days in
 * operations being sent or in conflict stay: the delete follows them in order.
 *
 * A delete carries no base and is not checked for conflicts: it says "no
 * records on these days", whatever the server holds there.
 */
export function saveDelete(
  ctx: CoreContext,
  target: EditTarget,
  range: DateInterval,
): RecordsDeleteResult {
  const connectionId = target.connection.id;
  const at = ctx.now().toISOString();
  return ctx.outbox.transaction(() => {
    for (const op of ctx.outbox.ofWell(connectionId, target.well.id)) {
      if (op.kind !== 'upsert-records' || (op.state !== 'pending' && op.state !== 'error')) {
        continue;
      }
      if (ctx.outboxRecords.removeRange(op.seq, range) > 0) {
        if (ctx.outboxRecords.summary(op.seq).count === 0) ctx.outbox.remove(connectionId, op.seq);
      }
    }
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
    return { outboxSeq };
  });
}
