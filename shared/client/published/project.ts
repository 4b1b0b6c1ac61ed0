import { z } from 'zod';
import { UNIT_SYSTEMS, type UnitSystem } from '../../api/index.js';
import { idOrFallback, knownValueOrNull, optional } from './members.js';

/**
 * A project as the client reads it: every member the published schema allows
 * to be absent may be absent (docs/compatibility.md). The desktop core decides
 * what a missing value shows as.
 */
export interface ApiProject {
  id: string;
  name: string | null;
  description: string | null;
  timezone: string | null;
  /** imperial or metric in any letter case; null when absent or another word (the caller falls back). */
  unitSystem: UnitSystem | null;
  wellCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

const projectWireSchema = z.object({
  id: optional(z.string()),
  name: optional(z.string()),
  description: optional(z.string()),
  timezone: optional(z.string()),
  unitSystem: knownValueOrNull(UNIT_SYSTEMS),
  wellCount: optional(z.number().int()),
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
});

/**
 * The project body of a response. `requestedId` is the id the request named
 * (GET/PATCH one project), used when the body has none; a created project
 * must name its own.
 */
export function projectSchema(requestedId: string | null) {
  return projectWireSchema.transform((wire, ctx): ApiProject => ({
    ...wire,
    id: idOrFallback(wire.id, requestedId, ctx),
  }));
}

/** A list item: one without an id cannot be addressed, so it is left out (null here). */
export const projectItemSchema = projectWireSchema.transform((wire): ApiProject | null =>
  wire.id === null ? null : { ...wire, id: wire.id },
);
