import { z } from 'zod';
import {
  aggregationSchema,
  productionFieldSchema,
  type Aggregation,
  type ProductionField,
  type UnitSystem,
} from '../api/index.js';
import {
  connectionIdArg,
  dateRangeShape,
  fromNotAfterTo,
  idArg,
  refreshArg,
  type DateRange,
} from './common-args.js';
import type { ReadResult } from './read-result.js';
import type { RowSyncState } from './sync-states.js';

/** production-get: one well's series, daily or monthly, from the cache. */

export const productionGetArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    projectId: idArg,
    wellId: idArg,
    ...dateRangeShape,
    aggregation: aggregationSchema,
    /** Default: all nine, in the API's table order. */
    fields: z
      .array(productionFieldSchema)
      .min(1, { message: 'must name at least one field' })
      .refine((fields) => new Set(fields).size === fields.length, {
        message: 'must not name a field twice',
      })
      .optional(),
    /**
     * The range's gaps in the cache are always fetched before answering; `await`
     * also re-fetches the parts already cached ("Reload").
     */
    refresh: refreshArg,
  })
  .superRefine(fromNotAfterTo);
export type ProductionGetArgs = z.infer<typeof productionGetArgsSchema>;

/** A queued delete-range as production-get reports it. */
export interface PendingDeletion extends DateRange {
  state: RowSyncState;
}

/**
 * Column-oriented, because charts want one array per series and structured
 * clone copies a few arrays far faster than thousands of small objects.
 * Row i is `dates[i]`, `values[field][i]`, `states[i]`. Monthly rows are dated
 * the month's first day and aggregated exactly as the API does.
 */
export interface ProductionView {
  wellId: string;
  from: string;
  to: string;
  aggregation: Aggregation;
  unitSystem: UnitSystem;
  /** The fields in `values`, in the API's table order. */
  fields: ProductionField[];
  /** Unit label of each field in the project's unit system (bbl/d, m³/d, …). */
  units: Partial<Record<ProductionField, string>>;
  dates: string[];
  values: Partial<Record<ProductionField, Array<number | null>>>;
  /** Sync state of each row; a month is as unsettled as its least settled day. */
  states: RowSyncState[];
  /**
   * Ranges deleted locally that the server has not confirmed yet, clipped to
   * [from, to]: their days read as absent (no row), so their state is here.
   */
  deletions: PendingDeletion[];
  /** Parts of [from, to] the cache does not hold; non-empty only when offline. */
  missing: DateRange[];
}
export type ProductionGetResult = ReadResult<ProductionView>;

/** The earliest day a range can start on; the history before a range is read from here. */
export const HISTORY_START = '1900-01-01';

/**
 * production-columns: production-get's read (same arguments, same fetching, offline and
 * overlay rules) answered as typed columns for the charts: no date strings, no row
 * objects, no boxed numbers. Electron's MessagePort carries the typed arrays as they are
 * (structured clone); the browser host sends them as a binary body (packed-body.ts).
 */
export const productionColumnsArgsSchema = productionGetArgsSchema;
export type ProductionColumnsArgs = ProductionGetArgs;

/**
 * `ProductionView` as columns. Row i is `days[i]`, `values[field][i]`, `states[i]`;
 * `columnsToView` (production-columns.ts) gives back the ProductionView exactly.
 */
export interface ProductionColumns {
  wellId: string;
  from: string;
  to: string;
  aggregation: Aggregation;
  unitSystem: UnitSystem;
  fields: ProductionField[];
  units: Partial<Record<ProductionField, string>>;
  /** Each row's day as days since 1970-01-01 (a monthly row: its month's first day). */
  days: Int32Array;
  /** One column per field of `fields`, in the project's units; NaN where there is no value. */
  values: Partial<Record<ProductionField, Float64Array>>;
  /** Each row's state as its index in ROW_SYNC_STATES (0 synced … 4 conflict). */
  states: Uint8Array;
  deletions: PendingDeletion[];
  missing: DateRange[];
}
export type ProductionColumnsResult = ReadResult<ProductionColumns>;

/**
 * production-volumes-before: what the well produced before a day (Np, Gp, Wp: each
 * phase's daily rates summed from HISTORY_START to the day before), without sending the
 * days. The history's gaps are fetched first, as production-get fetches them; queued edits
 * count. `volumes` is null when part of the history is not on this computer (offline);
 * with none of it, the answer is an `offline` error, as production-get's.
 */
export const productionVolumesBeforeArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg,
  /** The range's first day: the volumes of the days before it. */
  before: dateRangeShape.from,
});
export type ProductionVolumesBeforeArgs = z.infer<typeof productionVolumesBeforeArgsSchema>;

export interface ProductionVolumesBefore {
  wellId: string;
  before: string;
  unitSystem: UnitSystem;
  /** In the project's units (bbl, Mscf; m³, 10³m³), each the sum of its daily rates. */
  volumes: Record<'oil_rate' | 'gas_rate' | 'water_rate', number> | null;
  /** Parts of the history the cache does not hold; non-empty only when offline. */
  missing: DateRange[];
}
export type ProductionVolumesBeforeResult = ReadResult<ProductionVolumesBefore>;
