import type { UnitSystem } from '#shared/api/index.js';
import { CoreError, type DateRange } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { emitCacheChanged, type CoreContext } from '../core-context.js';
import type { WellRow } from '../units/well-units.js';

/** What every edit needs before it is queued, and what it announces afterwards. */

export interface EditTarget {
  connection: ConnectionRow;
  projectId: string;
  well: WellRow;
  /** The units the edit's values were typed in. */
  unitSystem: UnitSystem;
}

/**
 * An edit is made to a well the engineer has open, so its project (for the
 * unit system the values are typed in) and the well itself are in the cache.
 * Checked before anything is written.
 */
export function editTarget(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
): EditTarget {
  const project = ctx.projects.get(connection.id, projectId);
  const well = ctx.wells.get(connection.id, wellId);
  if (!project || !well || well.projectId !== projectId) {
    throw new CoreError(
      'not-found',
      `Well ${wellId} of project ${projectId} is not in the cache: open it once while connected before editing it.`,
    );
  }
  return { connection, projectId, well, unitSystem: project.unitSystem };
}

/** After the outbox changed: the counts for badges, then the kick that starts a sync. */
export function announceOutbox(
  ctx: CoreContext,
  connectionId: string,
  where: { projectId?: string; wellId?: string } = {},
): void {
  ctx.events.emit('outbox-changed', { connectionId, ...where, ...countsOf(ctx, connectionId) });
}

function countsOf(ctx: CoreContext, connectionId: string) {
  const { pending, errors, conflicts } = ctx.outbox.counts(connectionId);
  return { pending, errors, conflicts };
}

/** Reads of a well's production answer differently now (the overlay changed). */
export function announceProduction(
  ctx: CoreContext,
  target: { connectionId: string; projectId: string; wellId: string },
  range: DateRange | undefined,
): void {
  emitCacheChanged(ctx, {
    connectionId: target.connectionId,
    kind: 'production',
    projectId: target.projectId,
    wellId: target.wellId,
    ...(range === undefined ? {} : { range }),
  });
}
