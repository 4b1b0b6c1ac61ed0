import type { RowSyncState } from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { parsePayload, type StoredWellPatch } from '../outbox/payloads.js';
import type { WellRow } from '../units/well-units.js';
import { leastSettled, shownState } from './row-states.js';

/**
 * Queued well changes merged over the cached server wells. `wells` holds the
 * server's rows only; a refresh rewrites them freely and the change still shows.
 */

export interface WellOverlay {
  /** All of the well's queued changes, later ones over earlier ones. */
  patch: StoredWellPatch;
  state: RowSyncState;
}

export function wellOverlays(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
): Map<string, WellOverlay> {
  const overlays = new Map<string, WellOverlay>();
  const offline = ctx.offline.has(connectionId);
  for (const op of ctx.outbox.wellUpdates(connectionId, projectId)) {
    const { patch } = parsePayload(op, 'update-well');
    const previous = overlays.get(op.wellId);
    overlays.set(op.wellId, {
      patch: { ...previous?.patch, ...patch },
      state: leastSettled(previous?.state ?? 'synced', shownState(op.state, offline)),
    });
  }
  return overlays;
}

export function applyWellPatch(row: WellRow, patch: StoredWellPatch): WellRow {
  const pick = <T>(value: T | undefined, otherwise: T): T =>
    value === undefined ? otherwise : value;
  return {
    ...row,
    name: pick(patch.name, row.name),
    apiNumber: pick(patch.api_number, row.apiNumber),
    type: pick(patch.type, row.type),
    status: pick(patch.status, row.status),
    latitude: pick(patch.latitude, row.latitude),
    longitude: pick(patch.longitude, row.longitude),
    spudDate: pick(patch.spud_date, row.spudDate),
    lateralLengthFt: pick(patch.lateral_length_ft, row.lateralLengthFt),
    perfTopFt: pick(patch.perf_top_ft, row.perfTopFt),
    perfBottomFt: pick(patch.perf_bottom_ft, row.perfBottomFt),
  };
}

/** One well as the engineer sees it, with its state. */
export function overlaidWell(
  ctx: CoreContext,
  connectionId: string,
  row: WellRow,
): { row: WellRow; state: RowSyncState } {
  const overlay = wellOverlays(ctx, connectionId, row.projectId).get(row.id);
  return overlay
    ? { row: applyWellPatch(row, overlay.patch), state: overlay.state }
    : { row, state: 'synced' };
}

/** The overlays as wells-list's SQL takes them (json_each), or null when there are none. */
export function overlayJson(overlays: Map<string, WellOverlay>): string | null {
  if (overlays.size === 0) return null;
  return JSON.stringify([...overlays].map(([id, { patch, state }]) => ({ id, patch, state })));
}
