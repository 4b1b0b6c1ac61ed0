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
