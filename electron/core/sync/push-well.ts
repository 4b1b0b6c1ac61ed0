import type { UnitSystem, WellPatch } from '#shared/api/index.js';
import type { ApiWell } from '#shared/client/index.js';
import { callServer, emitCacheChanged, writeIfConnected } from '../core-context.js';
import { announceOutbox, announceProduction } from '../outbox/edit-target.js';
import type { OutboxOp } from '../outbox/outbox-repo.js';
import { parsePayload, storedPatchToApi } from '../outbox/payloads.js';
import { wellToStored } from '../units/well-units.js';
import { classify, PassStop, stopsThePass } from './classify.js';
import { projectUnits, type PushScope } from './push-scope.js';
import { pushUpserts } from './push-upserts.js';
import { rebase, storeServerDays } from './server-days.js';
import { failOps, markSyncing, revertOps } from './settle.js';

/**
 * Sends the next operation(s) of one well: its first operation if pending
 * (a failed or conflicting one blocks the operations behind it, so a well's
 * changes reach the server in the order they were made), with the consecutive
 * pending upserts after it when it is one. Settles them, or throws PassStop
 * when the whole pass must wait (offline, later, signed out, closing).
 */
export async function pushWellHead(scope: PushScope, wellId: string): Promise<void> {
  const { ctx, connection } = scope;
  const ops = ctx.outbox.ofWell(connection.id, wellId);
  const head = ops[0];
  if (!head || head.state !== 'pending') return;
  let group: OutboxOp[] = [head];
  if (head.kind === 'upsert-records') {
    const end = ops.findIndex((op) => op.kind !== 'upsert-records' || op.state !== 'pending');
    group = end === -1 ? ops : ops.slice(0, end);
  }

  markSyncing(scope, group);
  try {
    const units = await projectUnits(scope, head.projectId);
    if (head.kind === 'upsert-records') await pushUpserts(scope, group, units);
    else if (head.kind === 'delete-range') await pushDelete(scope, head);
    else await pushWellUpdate(scope, head, units);
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'later' && failure.error.type === 'internal') {
      ctx.log({ level: 'error', message: `Syncing well ${wellId} failed unexpectedly`, error });
    }
    if (stopsThePass(failure)) {
      // Counted even when closing: a request may have reached the server.
      revertOps(scope, group);
      throw new PassStop(failure);
    }
    if (failure.kind === 'gone') {
      // The well or its project is gone: every operation of the well fails, values kept.
      failOps(scope, ctx.outbox.ofWell(connection.id, wellId), failure.error);
    } else if (failure.kind === 'rejected') {
      failOps(scope, group, failure.error);
    }
  }
}

async function pushDelete(scope: PushScope, op: OutboxOp): Promise<void> {
  const { ctx, connection, signal } = scope;
  const range = parsePayload(op, 'delete-range');
  await callServer(ctx, connection, (client) =>
    client.deleteProduction(op.projectId, op.wellId, range, { signal }),
  );
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    ctx.outbox.remove(connection.id, op.seq);
    // The server has no record in the range now, and we know it.
    storeServerDays(ctx, connection.id, op.wellId, range, new Map(), at);
    rebase(ctx, connection.id, op.wellId, range, () => null, at);
  });
  scope.pushed += 1;
  announceOutbox(ctx, connection.id, { projectId: op.projectId, wellId: op.wellId });
  announceProduction(
    ctx,
    { connectionId: connection.id, projectId: op.projectId, wellId: op.wellId },
    range,
  );
}

/** No conflict check for a well's attributes: the last change sent wins. */
async function pushWellUpdate(scope: PushScope, op: OutboxOp, units: UnitSystem): Promise<void> {
  const { ctx, connection, signal } = scope;
  const { patch } = parsePayload(op, 'update-well');
  const sent = storedPatchToApi(patch, units);
  const answer = await callServer(ctx, connection, (client) =>
    client.updateWell(op.projectId, op.wellId, sent, { signal }),
  );
  const well = withAcceptedPatch(answer, sent);
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    ctx.outbox.remove(connection.id, op.seq);
    if (ctx.projects.get(connection.id, op.projectId)) {
      ctx.wells.upsert(connection.id, wellToStored(well, units), at);
    }
  });
  scope.pushed += 1;
  announceOutbox(ctx, connection.id, { projectId: op.projectId, wellId: op.wellId });
  emitCacheChanged(ctx, {
    connectionId: connection.id,
    kind: 'wells',
    projectId: op.projectId,
    wellId: op.wellId,
  });
}

/**
 * The well as the server answered the PATCH, with what the PATCH set where the
 * answer leaves that member out: the service accepted the change, and a body
 * without the member (the published schema requires none) does not undo it.
 */
function withAcceptedPatch(answer: ApiWell, sent: WellPatch): ApiWell {
  const well = { ...answer };
  if (well.name === null && sent.name !== undefined) well.name = sent.name;
  if (well.type === null && sent.type !== undefined) well.type = sent.type;
  if (well.status === null && sent.status !== undefined) well.status = sent.status;
  if (well.apiNumber === null && sent.apiNumber) well.apiNumber = sent.apiNumber;
  if (well.latitude === null && sent.latitude != null) well.latitude = sent.latitude;
  if (well.longitude === null && sent.longitude != null) well.longitude = sent.longitude;
  if (well.spudDate === null && sent.spudDate) well.spudDate = sent.spudDate;
  if (well.lateralLength === null && sent.lateralLength != null) {
    well.lateralLength = sent.lateralLength;
  }
  if (well.perfInterval === null && sent.perfInterval) well.perfInterval = sent.perfInterval;
  return well;
}
