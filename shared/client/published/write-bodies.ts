import {
  PRODUCTION_FIELDS,
  type ProductionRecordInput,
  type ProjectCreate,
  type ProjectPatch,
  type UnitSystem,
  type WellCreate,
  type WellPatch,
} from '../../api/index.js';

/**
 * Request bodies as the published schema names them (docs/compatibility.md,
 * "How the client writes"): only members it lists, and `null` only where it
 * means "clear this value".
 */

/** What a created project gets when the caller leaves a member out: our server's defaults. */
export const PROJECT_DEFAULTS = {
  description: '',
  timezone: 'UTC',
  unitSystem: 'imperial' as UnitSystem,
};

/** The published schema requires all four members on creation. */
export function projectCreateBody(body: ProjectCreate): Required<ProjectCreate> {
  return {
    name: body.name,
    description: body.description ?? PROJECT_DEFAULTS.description,
    timezone: body.timezone ?? PROJECT_DEFAULTS.timezone,
    unitSystem: body.unitSystem ?? PROJECT_DEFAULTS.unitSystem,
  };
}

/** The published PATCH names name, description and unitSystem; the time zone is set on creation. */
export type PublishedProjectPatch = Pick<ProjectPatch, 'name' | 'description' | 'unitSystem'>;

export function projectPatchBody(patch: PublishedProjectPatch): PublishedProjectPatch {
  const body: PublishedProjectPatch = {};
  if (patch.name !== undefined) body.name = patch.name;
  if (patch.description !== undefined) body.description = patch.description;
  if (patch.unitSystem !== undefined) body.unitSystem = patch.unitSystem;
  return body;
}

const WELL_MEMBERS = [
  'name',
  'apiNumber',
  'type',
  'status',
  'latitude',
  'longitude',
  'spudDate',
  'lateralLength',
  'perfInterval',
] as const satisfies ReadonlyArray<keyof WellCreate>;

/** A new well has nothing to clear: members given as null are left out. */
export function wellCreateBody(body: WellCreate): WellCreate {
  const out: Record<string, unknown> = {};
  for (const member of WELL_MEMBERS) {
    const value = body[member];
    if (value !== undefined && value !== null) out[member] = value;
  }
  return out as WellCreate;
}

/**
 * A well change: the members given, nothing else. `null` stays, since it is
 * the only way to say "clear" where an absent member means "unchanged".
 */
export function wellPatchBody(patch: WellPatch): WellPatch {
  const out: Record<string, unknown> = {};
  for (const member of WELL_MEMBERS) {
    if (patch[member] !== undefined) out[member] = patch[member];
  }
  return out as WellPatch;
}

/**
 * A production record for a POST. A POST replaces the day's record, so a
 * field left out is cleared: an unset value is left out rather than sent as
 * the `null` the published schema does not allow for a number.
 */
export function productionRecordBody(record: ProductionRecordInput): ProductionRecordInput {
  const out: ProductionRecordInput = { date: record.date };
  for (const field of PRODUCTION_FIELDS) {
    const value = record[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}
