import {
  apiNumberDigits,
  type UnitSystem,
  type WellPatch,
  type WellStatus,
  type WellType,
} from '#shared/api/index.js';
import type { IpcError, OutboxKind } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import { displayConverter, toCacheNullable } from '../units/cache-units.js';
import { nameKey } from '../units/well-units.js';
import type { OutboxOp } from './outbox-repo.js';
import type { StoredValues } from './stored-values.js';

/**
 * What each kind of operation keeps in `outbox.payload` (JSON). Records of
 * upsert-records live in outbox_records, not here.
 */

/** A well change with the cache's column names and units (feet), so it overlays a `wells` row. */
export interface StoredWellPatch {
  name?: string;
  name_key?: string;
  api_number?: string | null;
  api_digits?: string | null;
  type?: WellType;
  status?: WellStatus;
  latitude?: number | null;
  longitude?: number | null;
  spud_date?: string | null;
  lateral_length_ft?: number | null;
  perf_top_ft?: number | null;
  perf_bottom_ft?: number | null;
}

export interface UpsertPayload {
  /** Set while in conflict: the server's values of the disputed days when it was found. */
  theirs?: Record<string, StoredValues | null>;
}
export type DeletePayload = DateInterval;
export interface UpdateWellPayload {
  patch: StoredWellPatch;
}

export function parsePayload(
  op: Pick<OutboxOp, 'kind' | 'payload'>,
  kind: 'upsert-records',
): UpsertPayload;
export function parsePayload(
  op: Pick<OutboxOp, 'kind' | 'payload'>,
  kind: 'delete-range',
): DeletePayload;
export function parsePayload(
  op: Pick<OutboxOp, 'kind' | 'payload'>,
  kind: 'update-well',
): UpdateWellPayload;
export function parsePayload(op: Pick<OutboxOp, 'kind' | 'payload'>, kind: OutboxKind): unknown {
  if (op.kind !== kind) throw new Error(`operation is ${op.kind}, not ${kind}`);
  return JSON.parse(op.payload) as unknown;
}

export function parseError(text: string | null): IpcError | null {
  return text === null ? null : (JSON.parse(text) as IpcError);
}

/** A PATCH typed in the project's units, as the cache stores it. */
export function wellPatchToStored(patch: WellPatch, system: UnitSystem): StoredWellPatch {
  const stored: StoredWellPatch = {};
  if (patch.name !== undefined) {
    stored.name = patch.name;
    stored.name_key = nameKey(patch.name);
  }
  if (patch.apiNumber !== undefined) {
    stored.api_number = patch.apiNumber;
    stored.api_digits = patch.apiNumber === null ? null : apiNumberDigits(patch.apiNumber);
  }
  if (patch.type !== undefined) stored.type = patch.type;
  if (patch.status !== undefined) stored.status = patch.status;
  if (patch.latitude !== undefined) stored.latitude = patch.latitude;
  if (patch.longitude !== undefined) stored.longitude = patch.longitude;
  if (patch.spudDate !== undefined) stored.spud_date = patch.spudDate;
  if (patch.lateralLength !== undefined) {
    stored.lateral_length_ft = toCacheNullable('length', patch.lateralLength, system);
  }
  if (patch.perfInterval !== undefined) {
    stored.perf_top_ft = toCacheNullable('length', patch.perfInterval?.topMd ?? null, system);
    stored.perf_bottom_ft = toCacheNullable('length', patch.perfInterval?.bottomMd ?? null, system);
  }
  return stored;
}

/** The stored change as the PATCH body, in the project's units at the time it is sent. */
export function storedPatchToApi(stored: StoredWellPatch, system: UnitSystem): WellPatch {
  const length = displayConverter('length', system);
  const show = (feet: number | null) => (feet === null ? null : length(feet));
  const patch: WellPatch = {};
  if (stored.name !== undefined) patch.name = stored.name;
  if (stored.api_number !== undefined) patch.apiNumber = stored.api_number;
  if (stored.type !== undefined) patch.type = stored.type;
  if (stored.status !== undefined) patch.status = stored.status;
  if (stored.latitude !== undefined) patch.latitude = stored.latitude;
  if (stored.longitude !== undefined) patch.longitude = stored.longitude;
  if (stored.spud_date !== undefined) patch.spudDate = stored.spud_date;
  if (stored.lateral_length_ft !== undefined) patch.lateralLength = show(stored.lateral_length_ft);
  if (stored.perf_top_ft !== undefined) {
    const top = stored.perf_top_ft;
    const bottom = stored.perf_bottom_ft ?? null;
    patch.perfInterval =
      top === null || bottom === null ? null : { topMd: length(top), bottomMd: length(bottom) };
  }
  return patch;
}
