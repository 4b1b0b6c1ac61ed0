import { z } from 'zod';
import { WELL_STATUSES, WELL_TYPES, type WellStatus, type WellType } from '../../api/index.js';
import { anyCaseEnum, idOrFallback, optional } from './members.js';

/** Either member may be missing: the published schema requires neither. */
export interface ApiPerfInterval {
  topMd: number | null;
  bottomMd: number | null;
}

/** A well as the client reads it (docs/compatibility.md); lengths in the project's units. */
export interface ApiWell {
  id: string;
  /** The body's, else the project the request named. */
  projectId: string;
  name: string | null;
  apiNumber: string | null;
  /** null: the service did not say. */
  type: WellType | null;
  status: WellStatus | null;
  latitude: number | null;
  longitude: number | null;
  spudDate: string | null;
  firstProductionDate: string | null;
  lateralLength: number | null;
  /** null when neither member is given. */
  perfInterval: ApiPerfInterval | null;
  createdAt: string | null;
  /** An extension of our server: null when the service does not send it. */
  updatedAt: string | null;
}

const perfIntervalSchema = optional(
  z.object({ topMd: optional(z.number()), bottomMd: optional(z.number()) }),
).transform((perf): ApiPerfInterval | null =>
  perf === null || (perf.topMd === null && perf.bottomMd === null) ? null : perf,
);

const wellWireSchema = z.object({
  id: optional(z.string()),
  projectId: optional(z.string()),
  name: optional(z.string()),
  apiNumber: optional(z.string()),
  type: anyCaseEnum(WELL_TYPES),
  status: anyCaseEnum(WELL_STATUSES),
  latitude: optional(z.number()),
  longitude: optional(z.number()),
  spudDate: optional(z.string()),
  firstProductionDate: optional(z.string()),
  lateralLength: optional(z.number()),
  perfInterval: perfIntervalSchema,
  createdAt: optional(z.string()),
  updatedAt: optional(z.string()),
});

/** The well body of a response to a request naming `projectId` (and `wellId` for one well). */
export function wellSchema(projectId: string, wellId: string | null) {
  return wellWireSchema.transform((wire, ctx): ApiWell => ({
    ...wire,
    id: idOrFallback(wire.id, wellId, ctx),
    projectId: wire.projectId ?? projectId,
  }));
}

/** A list item of the project's wells: one without an id cannot be addressed (null here). */
export function wellItemSchema(projectId: string) {
  return wellWireSchema.transform((wire): ApiWell | null =>
    wire.id === null ? null : { ...wire, id: wire.id, projectId: wire.projectId ?? projectId },
  );
}
