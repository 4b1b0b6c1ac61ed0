import type { IpcError } from '#shared/desktop/index.js';
import { writeIfConnected } from '../core-context.js';
import { announceOutbox, announceProduction } from '../outbox/edit-target.js';
import type { OutboxOp } from '../outbox/outbox-repo.js';
import type { PushScope } from './push-scope.js';

/** Operation state changes of a push, each in one transaction and announced. */

function announce(scope: PushScope, ops: readonly OutboxOp[]): void {
  const first = ops[0];
  if (!first) return;
  const { ctx, connection } = scope;
  announceOutbox(ctx, connection.id, { projectId: first.projectId, wellId: first.wellId });
  // Row states show in production reads; a well's own state in wells reads.
  if (ops.some((op) => op.kind !== 'update-well')) {
    announceProduction(
      ctx,
      { connectionId: connection.id, projectId: first.projectId, wellId: first.wellId },
      undefined,
    );
  }
  if (ops.some((op) => op.kind === 'update-well')) {
    ctx.events.emit('cache-changed', {
      connectionId: connection.id,
      kind: 'wells',
      projectId: first.projectId,
      wellId: first.wellId,
    });
  }
}

/** Before the first request: saves no longer coalesce into these, and reads say "syncing". */
export function markSyncing(scope: PushScope, ops: readonly OutboxOp[]): void {
  const at = scope.ctx.now().toISOString();
  writeIfConnected(scope.ctx, scope.connection.id, () => {
    for (const op of ops) scope.ctx.outbox.setState(scope.connection.id, op.seq, 'syncing', at);
  });
  announce(scope, ops);
}

/**
 * Not sent (offline, later, signed out, closing): back in the queue as they
 * were. Only those still marked syncing: a push may have settled some already
 * (found in conflict) before the rest failed.
 */
export function revertOps(scope: PushScope, ops: readonly OutboxOp[]): void {
  const { ctx, connection } = scope;
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    for (const op of ops) {
      if (ctx.outbox.get(connection.id, op.seq)?.state !== 'syncing') continue;
      ctx.outbox.failAttempt(connection.id, op.seq, 'pending', null, at);
    }
  });
  announce(scope, ops);
}

/**
 * Rejected by the server: the operations keep their values (overlay, Export)
 * and carry the server's answer; `perOp` gives an operation its own details,
 * and an operation it leaves out while others have some goes back to pending.
 */
export function failOps(
  scope: PushScope,
  ops: readonly OutboxOp[],
  error: IpcError,
  perOp?: Map<number, IpcError>,
): void {
  const { ctx, connection } = scope;
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    for (const op of ops) {
      const own = perOp === undefined ? error : perOp.get(op.seq);
      if (own) ctx.outbox.failAttempt(connection.id, op.seq, 'error', own, at);
      else ctx.outbox.setState(connection.id, op.seq, 'pending', at);
    }
    ctx.syncLog.add({
      connectionId: connection.id,
      kind: 'push-rejected',
      message: `The server refused ${ops.length === 1 ? 'a change' : `${ops.length} changes`} of well ${ops[0]?.wellId}: ${error.message}`,
      requestId: error.details?.requestId,
      details: { seqs: ops.map((op) => op.seq), error },
    });
  });
  announce(scope, ops);
}
