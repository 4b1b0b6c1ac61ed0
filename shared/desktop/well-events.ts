import { z } from 'zod';
import { eventCategorySchema, eventNoteSchema, isoDate } from '../api/index.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * Well events: what happened to a well over a span of days and why (an ESP failure, a
 * facility outage, a workover). Recorded on this computer first and sent to the server when it
 * has events (docs/api-decisions.md, "Well events"); kept here, and said to be, when it has
 * not. Declared here; implemented by electron/core/well-events.
 */

/** The reasons a project starts with; each project may edit its own list. */
export const STANDARD_EVENT_CATEGORIES = [
  'Artificial-lift failure',
  'Facility',
  'Pipeline or sales',
  'Weather',
  'Workover',
  'Stimulation',
  'Regulatory',
  'Planned maintenance',
  'Other',
] as const;

/** The most reasons a project's list may hold. */
export const MAX_EVENT_CATEGORIES = 40;

/**
 * Where an event stands:
 * - synced: as the server has it;
 * - pending: changed here, to be sent;
 * - deleted: deleted here, the delete to be sent (not listed);
 * - local: kept on this computer only, because the server has no events.
 */
export const WELL_EVENT_STATES = ['synced', 'pending', 'deleted', 'local'] as const;
export type WellEventState = (typeof WELL_EVENT_STATES)[number];

export interface WellEventView {
  id: string;
  wellId: string;
  wellName: string;
  startDate: string;
  /** null: still going on. */
  endDate: string | null;
  category: string;
  note: string;
  updatedAt: string;
  state: WellEventState;
  /** The server's refusal of the last send, when it refused. */
  error: string | null;
}

export const wellEventsListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg.optional(),
  /** Events overlapping these days. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type WellEventsListArgs = z.infer<typeof wellEventsListArgsSchema>;

export interface WellEventsListResult {
  events: WellEventView[];
  /** The project's list of reasons. */
  categories: string[];
  /**
   * Whether events reach the server: true when it has events, false when it has none (they
   * stay on this computer), null when not known yet (never reached).
   */
  shared: boolean | null;
}

export const wellEventSaveArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    projectId: idArg,
    wellId: idArg,
    /** Absent: a new event. */
    id: idArg.optional(),
    startDate: isoDate,
    endDate: isoDate.nullable(),
    category: eventCategorySchema,
    /** Absent: empty. */
    note: eventNoteSchema.optional(),
  })
  .superRefine((args, ctx) => {
    if (args.endDate !== null && args.endDate < args.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `must not be before the start (${args.startDate})`,
      });
    }
  });
export type WellEventSaveArgs = z.input<typeof wellEventSaveArgsSchema>;

export const wellEventDeleteArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  id: idArg,
});
export type WellEventDeleteArgs = z.infer<typeof wellEventDeleteArgsSchema>;

export const wellEventCategoriesSaveArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  categories: z
    .array(eventCategorySchema)
    .min(1, { message: 'must name at least one reason' })
    .max(MAX_EVENT_CATEGORIES, { message: `must name at most ${MAX_EVENT_CATEGORIES} reasons` }),
});
export type WellEventCategoriesSaveArgs = z.infer<typeof wellEventCategoriesSaveArgsSchema>;

/** The most bytes of CSV an events import takes (a file of events is small). */
export const MAX_EVENTS_CSV_CHARS = 2_000_000;

/**
 * well-events-import: events from a CSV this app exported (or one written by hand with its
 * header). All or nothing: any bad row refuses the file, naming the row and the column.
 */
export const wellEventsImportArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  fileName: z.string().max(260).optional(),
  text: z
    .string({ error: 'must be the text of a CSV file' })
    .max(MAX_EVENTS_CSV_CHARS, { message: 'must be at most 2,000,000 characters' }),
});
export type WellEventsImportArgs = z.infer<typeof wellEventsImportArgsSchema>;

export interface WellEventsImportResult {
  /** New events, and events already here that the file replaced. */
  added: number;
  replaced: number;
}
