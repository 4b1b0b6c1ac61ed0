import {
  CoreError,
  type ConflictResolveArgs,
  type ConflictResolveResult,
  type OutboxListArgs,
  type OutboxOperationView,
} from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { announceOutbox, announceProduction } from './edit-target.js';
import type { OutboxOp } from './outbox-repo.js';
import { shownState } from '../overlay/row-states.js';
import { parseError, parsePayload } from './payloads.js';

/** outbox-list, outbox-discard and conflict-resolve: what the "Sync problems" list does. */

export function listOperations(
  ctx: CoreContext,
  connectionId: string,
  args: OutboxListArgs,
): OutboxOperationView[] {
  const states = args.states && new Set<string>(args.states);
  return ctx.outbox
    .list(connectionId)
    .filter(
      (op) =>
        (args.wellId === undefined || op.wellId === args.wellId) &&
        (!states || states.has(op.state)),
    )
    .map((op) => operationView(ctx, op));
}

export function operationView(ctx: CoreContext, op: OutboxOp): OutboxOperationView {
  let recordCount = 0;
  let range: OutboxOperationView['range'] = null;
  if (op.kind === 'upsert-records') {
    const summary = ctx.outboxRecords.summary(op.seq);
    recordCount = summary.count;
    if (summary.from !== null && summary.to !== null)
      range = { from: summary.from, to: summary.to };
  } else if (op.kind === 'delete-range') {
    const { from, to } = parsePayload(op, 'delete-range');
    range = { from, to };
  }
  return {
    seq: op.seq,
    projectId: op.projectId,
    wellId: op.wellId,
    kind: op.kind,
    state: shownState(op.state, ctx.offline.has(op.connectionId)),
    recordCount,
    range,
    error: parseError(op.error),
    attempts: op.attempts,
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

/** Finds every operation first, so an unknown or busy one changes nothing. */
function operationsFor(
  ctx: CoreContext,
  connectionId: string,
  seqs: readonly number[],
): OutboxOp[] {
  return [...new Set(seqs)].map((seq) => {
    const op = ctx.outbox.get(connectionId, seq);
    if (!op)
      throw new CoreError(
        'not-found',
        `There is no queued change ${seq}; it may have been sent or discarded.`,
      );
    if (op.state === 'syncing') {
      throw new CoreError(
        'conflict',
        `Change ${seq} is being sent to the server right now; try again in a moment.`,
      );
    }
    return op;
  });
}

/**
 * Drops operations: their values disappear from the overlay and the server's
 * rows (as cached) show again. Nothing is sent.
 */
export function discardOperations(
  ctx: CoreContext,
  connectionId: string,
  seqs: readonly number[],
): number {
  const at = ctx.now().toISOString();
  const ops = ctx.outbox.transaction(() => {
    const found = operationsFor(ctx, connectionId, seqs);
    for (const op of found) {
      ctx.changeLog.discard(connectionId, op.seq, at);
      ctx.outbox.remove(connectionId, op.seq);
    }
    return found;
  });
  announceChanged(ctx, connectionId, ops);
  return ops.length;
}

export function resolveConflict(
  ctx: CoreContext,
  connectionId: string,
  args: ConflictResolveArgs,
): ConflictResolveResult {
  const at = ctx.now().toISOString();
  const op = ctx.outbox.transaction(() => {
    const [found] = operationsFor(ctx, connectionId, [args.seq]);
    if (found?.state !== 'conflict') {
      throw new CoreError(
        'conflict',
        `Change ${args.seq} is not in conflict (it is ${found?.state}).`,
      );
    }
    if (args.resolution === 'take-theirs') {
      // The conflict read cached the server's values; dropping ours shows them.
      ctx.changeLog.discard(connectionId, found.seq, at);
      ctx.outbox.remove(connectionId, found.seq);
      return found;
    }
    // Keep mine: the server's values as found become the base, so the next
    // check sees no change since and sends ours (unless the server moves again).
    if (found.kind === 'upsert-records') {
      const theirs = parsePayload(found, 'upsert-records').theirs ?? {};
      for (const [date, values] of Object.entries(theirs))
        ctx.outboxRecords.setBase(found.seq, date, values);
      ctx.outbox.setPayload(connectionId, found.seq, '{}', at);
    }
    ctx.outbox.setState(connectionId, found.seq, 'pending', at);
    return found;
  });
  announceChanged(ctx, connectionId, [op]);
  if (args.resolution === 'take-theirs') return { seq: op.seq, state: 'synced' };
  ctx.sync.kick(connectionId);
  return { seq: op.seq, state: 'pending' };
}

function announceChanged(ctx: CoreContext, connectionId: string, ops: readonly OutboxOp[]): void {
  if (ops.length === 0) return;
  const wells = new Map(ops.map((op) => [op.wellId, op]));
  announceOutbox(
    ctx,
    connectionId,
    wells.size === 1 ? { projectId: ops[0]!.projectId, wellId: ops[0]!.wellId } : {},
  );
  for (const op of wells.values()) {
    const where = { connectionId, projectId: op.projectId, wellId: op.wellId };
    if (ops.some((o) => o.wellId === op.wellId && o.kind !== 'update-well'))
      announceProduction(ctx, where, undefined);
    if (ops.some((o) => o.wellId === op.wellId && o.kind === 'update-well')) {
      ctx.events.emit('cache-changed', { ...where, kind: 'wells' });
    }
  }
}
