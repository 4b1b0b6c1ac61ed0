import { z } from 'zod';
import {
  requiredString,
  wellStatusSchema,
  wellTypeSchema,
  type UnitSystem,
  type KnownInPart,
  type Well,
} from '../api/index.js';
import { RATE_BASES } from '../production/rate-basis.js';
import { connectionIdArg, idArg, refreshArg } from './common-args.js';
import type { DeclineStream, WellDeclineSummary } from './decline.js';
import type { ReadResult } from './read-result.js';
import type { RowSyncState } from './sync-states.js';
import { screeningStreamSchema, type WellScreening } from './screening.js';

/** projects-list/get and wells-list/get: arguments and results. */

/**
 * A project as the desktop shows it (docs/api-v1.md's Project). A member the
 * service did not send is null (docs/compatibility.md); a missing name is the
 * id, a missing unit system the one last known, else imperial.
 */
export interface ProjectView {
  id: string;
  name: string;
  description: string | null;
  timezone: string | null;
  unitSystem: UnitSystem;
  wellCount: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** What this device holds for offline use (see ProjectOffline). */
  offline: ProjectOffline;
}

/** A project's cached production coverage, from the cache alone. */
export interface ProjectOffline {
  /** Cached wells of the project with any cached coverage. */
  wellsCovered: number;
  /**
   * The range every covered well holds, over each well's `availableOffline`:
   * the latest `from` and the earliest `to`. null when no well is covered or
   * those ranges share no day.
   */
  from: string | null;
  to: string | null;
}

/**
 * A well's latest producing day in the cache; rates in the project's units, on the basis
 * wells-list was asked for (that day's rates unless it named another).
 */
export interface LastProduction {
  date: string;
  oilRate: number | null;
  gasRate: number | null;
  waterRate: number | null;
}

/**
 * Perforations; the service may give one end without the other (docs/compatibility.md).
 */
export type PerfIntervalView = NonNullable<KnownInPart<Well>['perfInterval']>;

/**
 * A well in its project's unit system (lengths in ft or m), with its sync state: the wire
 * shape (shared/api/well-shapes.ts) as a service that may leave members out sends it — a
 * member it did not send is null ("Unknown" on screen); a missing name is the id — with
 * what the cache knows besides.
 */
export type WellView = KnownInPart<Well> & {
  /** `pending` while a status or name change waits in the outbox. */
  syncState: RowSyncState;
  /**
   * The latest day with an oil, gas or water rate above zero in the server's
   * rows this computer holds, or in the screening figures when those know a
   * later one (the server's summary), null when neither has one. Queued
   * (unsynced) edits are not reflected: it follows the server's rows.
   */
  lastProduction: LastProduction | null;
  /** The widest range of this well's production held for offline use, or null. */
  availableOffline: { from: string; to: string } | null;
  /** The saved decline fit of each stream that has one on this computer; `{}` when none. */
  decline: Partial<Record<DeclineStream, WellDeclineSummary>>;
  /** Screening figures (30-day change, sparkline), once the background fill got them; or null. */
  screening: WellScreening | null;
};

export const projectsListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  refresh: refreshArg,
});
export type ProjectsListArgs = z.infer<typeof projectsListArgsSchema>;
export type ProjectsListResult = ReadResult<ProjectView[]>;

export const projectsGetArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  refresh: refreshArg,
});
export type ProjectsGetArgs = z.infer<typeof projectsGetArgsSchema>;
export type ProjectsGetResult = ReadResult<ProjectView>;

/**
 * Every column of the wells table can be sorted on; perfInterval sorts by its
 * top; the latest-production columns by lastProduction's date and rates.
 */
export const WELL_SORT_COLUMNS = [
  'name',
  'apiNumber',
  'type',
  'status',
  'latitude',
  'longitude',
  'spudDate',
  'firstProductionDate',
  'lateralLength',
  'perfInterval',
  'createdAt',
  'updatedAt',
  'lastProductionDate',
  'latestOilRate',
  'latestGasRate',
  'latestWaterRate',
  // Saved decline fits (decline.ts); EUR and remaining under the project's current settings.
  'oilEur',
  'oilRemaining',
  'oilB',
  'oilDi',
  'oilFitRmse',
  'gasEur',
  'gasRemaining',
  'gasB',
  'gasDi',
  'gasFitRmse',
  'waterEur',
  'waterRemaining',
  'waterB',
  'waterDi',
  'waterFitRmse',
  // Screening figures (screening.ts): percent change against 30 days before, days since.
  'oilChange',
  'gasChange',
  'waterChange',
  'daysSinceProduction',
] as const;
export type WellSortColumn = (typeof WELL_SORT_COLUMNS)[number];

export const wellsListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  type: wellTypeSchema.optional(),
  status: wellStatusSchema.optional(),
  /** Case-insensitive part of the name, or of the API number with or without dashes. */
  search: requiredString().max(200, { message: 'must be at most 200 characters' }).optional(),
  /** Default: name ascending. Empty values sort last in either direction. */
  sort: z
    .strictObject({
      column: z.enum(WELL_SORT_COLUMNS),
      direction: z.enum(['asc', 'desc']),
    })
    .optional(),
  /**
   * The basis of each well's `lastProduction` rates and of their sort: the last producing
   * day's, or the average over the last 7 or 30 producing days (rate-basis.ts). The last
   * producing day's when absent.
   */
  rateBasis: z.enum(RATE_BASES).optional(),
  /** Leave out wells whose status is inactive or shut in (a well of unknown status stays). */
  hideInactive: z.boolean().optional(),
  /** Only these wells (the map's box selection); every well when absent. */
  wellIds: z.array(idArg).max(100_000, { message: 'must list at most 100,000 wells' }).optional(),
  /** A window of the sorted result, for virtualised tables; all wells when absent. */
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100_000).optional(),
  /** Each well's 90-day sparkline of these streams in `screening.sparklines`; none when absent. */
  sparklines: z
    .array(screeningStreamSchema)
    .max(3, { message: 'must name at most the three streams' })
    .optional(),
  refresh: refreshArg,
});
export type WellsListArgs = z.infer<typeof wellsListArgsSchema>;

export interface WellsListData {
  wells: WellView[];
  /** Wells matching the filters and search ("N of M"). */
  total: number;
  /** Wells of the project in the cache ("M"). */
  projectTotal: number;
  unitSystem: UnitSystem;
}
export type WellsListResult = ReadResult<WellsListData>;

/**
 * wells-index: every well matching the filters (not the search), in the list's order, with what
 * the search reads (name, identifier). The wells table holds it and answers each keystroke in
 * memory (wellMatchesSearch, shared/wells/well-identifier.ts), asking wells-list for the rows it
 * has not read yet by `wellIds`.
 */
export const wellsIndexArgsSchema = wellsListArgsSchema.pick({
  connectionId: true,
  projectId: true,
  type: true,
  status: true,
  sort: true,
  rateBasis: true,
  hideInactive: true,
  wellIds: true,
  refresh: true,
});
export type WellsIndexArgs = z.infer<typeof wellsIndexArgsSchema>;

/** Columns of equal length, one entry per well in the list's order (smaller than objects). */
export interface WellsIndexData {
  ids: string[];
  /** As the person sees them: queued renames merged. */
  names: string[];
  apiNumbers: Array<string | null>;
  /** Wells of the project in the cache ("M"). */
  projectTotal: number;
}
export type WellsIndexResult = ReadResult<WellsIndexData>;

export const wellsGetArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg,
  refresh: refreshArg,
});
export type WellsGetArgs = z.infer<typeof wellsGetArgsSchema>;
export type WellsGetResult = ReadResult<{ well: WellView; unitSystem: UnitSystem }>;
