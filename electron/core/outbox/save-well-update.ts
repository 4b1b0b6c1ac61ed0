import type { WellPatch } from '#shared/api/index.js';
import { CoreError } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { logWellChanges } from '../changes/log-changes.js';
import { overlaidWell, wellOverlays } from '../overlay/well-overlay.js';
import type { WellRow } from '../units/well-units.js';
import type { EditTarget } from './edit-target.js';
import {
  parsePayload,
  wellPatchToStored,
  type StoredWellPatch,
  type UpdateWellPayload,
} from './payloads.js';

/**
 * well-update: the schema has checked the API's PATCH rules member by member;
 * what needs the project's other wells is checked here, against what the
 * engineer sees (server rows with queued changes): the API number must stay
 * unique within the project (the server answers 409 otherwise).
 *
 * Repeated changes of a well coalesce into its last update-well operation
 * while that has not started sending (a rejected one is sent again).
 */
export function saveWellUpdate(ctx: CoreContext, target: EditTarget, patch: WellPatch): number {
  if (Object.keys(patch).length === 0) {
    throw new CoreError('validation', 'Invalid arguments of well-update: patch changes nothing', {
      issues: [{ path: 'patch', message: 'must change at least one member' }],
    });
  }
  const stored = wellPatchToStored(patch, target.unitSystem);
  const connectionId = target.connection.id;
  const at = ctx.now().toISOString();
  return ctx.outbox.transaction(() => {
    if (stored.api_digits) checkApiNumberUnique(ctx, target, stored.api_digits);
    const before = overlaidWell(ctx, connectionId, target.well).row;
    const seq = queueWellUpdate(ctx, target, stored, at);
    // A status alone is the table's one-click change; anything else is an edit of the well.
    const source = Object.keys(patch).join() === 'status' ? 'status' : 'well';
    logWellChanges(ctx, target, { source }, memberChanges(before, stored), seq);
    return seq;
  });
}

function queueWellUpdate(
  ctx: CoreContext,
  target: EditTarget,
  stored: StoredWellPatch,
  at: string,
): number {
  const connectionId = target.connection.id;
  const last = ctx.outbox
    .ofWell(connectionId, target.well.id)
    .filter((op) => op.kind === 'update-well')
    .pop();
  if (last && (last.state === 'pending' || last.state === 'error')) {
    const merged: UpdateWellPayload = {
      patch: { ...parsePayload(last, 'update-well').patch, ...stored },
    };
    ctx.outbox.setPayload(connectionId, last.seq, JSON.stringify(merged), at);
    ctx.outbox.setState(connectionId, last.seq, 'pending', at);
    return last.seq;
  }
  const payload: UpdateWellPayload = { patch: stored };
  return ctx.outbox.insert(
    {
      connectionId,
      projectId: target.projectId,
      wellId: target.well.id,
      kind: 'update-well',
      payload: JSON.stringify(payload),
    },
    at,
  );
}

/** The cache's well columns against the member names the change log speaks. */
const MEMBERS: ReadonlyArray<[keyof StoredWellPatch, keyof WellRow, string]> = [
  ['name', 'name', 'name'],
  ['api_number', 'apiNumber', 'apiNumber'],
  ['type', 'type', 'type'],
  ['status', 'status', 'status'],
  ['latitude', 'latitude', 'latitude'],
  ['longitude', 'longitude', 'longitude'],
  ['spud_date', 'spudDate', 'spudDate'],
  ['lateral_length_ft', 'lateralLengthFt', 'lateralLength'],
  ['perf_top_ft', 'perfTopFt', 'perfTop'],
  ['perf_bottom_ft', 'perfBottomFt', 'perfBottom'],
];

function memberChanges(before: WellRow, stored: StoredWellPatch) {
  return MEMBERS.filter(([column]) => stored[column] !== undefined).map(
    ([column, member, field]) => ({ field, before: before[member], after: stored[column] }),
  );
}

function checkApiNumberUnique(ctx: CoreContext, target: EditTarget, digits: string): void {
  const { id: connectionId } = target.connection;
  const overlays = wellOverlays(ctx, connectionId, target.projectId);
  const holders = ctx.db
    .prepare(
      `SELECT id, name, api_digits AS digits FROM wells
       WHERE connection_id = ? AND project_id = ? AND id != ?`,
    )
    .all(connectionId, target.projectId, target.well.id) as Array<{
    id: string;
    name: string;
    digits: string | null;
  }>;
  const clash = holders.find((well) => {
    const patched = overlays.get(well.id)?.patch;
    const effective = patched?.api_digits !== undefined ? patched.api_digits : well.digits;
    return effective === digits;
  });
  if (clash) {
    const name = overlays.get(clash.id)?.patch.name ?? clash.name;
    throw new CoreError(
      'conflict',
      `Invalid arguments of well-update: patch.apiNumber is already the API number of ${name} in this project`,
      {
        issues: [{ path: 'patch.apiNumber', message: `is already used by ${name} (${clash.id})` }],
      },
    );
  }
}
