import { z } from 'zod';
import type { ProductionField, UnitSystem, WellPatch } from '../api/index.js';
import { connectionIdArg } from './common-args.js';
import type { OutboxOperationView } from './outbox-edits.js';

/**
 * outbox-get: one queued operation with its content, for Export and for the
 * side-by-side conflict table. Read from the outbox alone (plus the cache for
 * names and units), so it answers for a well the server deleted and the cache
 * dropped: the values stay until the engineer discards them.
 */

export const outboxGetArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  seq: z.number().int().min(1),
  /**
   * Default true. False leaves `records` out (null): the conflict table needs
   * only `conflicts`, and an imported operation may hold 500,000 records.
   */
  withRecords: z.boolean().optional(),
});
export type OutboxGetArgs = z.infer<typeof outboxGetArgsSchema>;

/** A day's nine fields, null where unset. */
export type ProductionValues = Record<ProductionField, number | null>;

export interface OutboxRecordView {
  date: string;
  /** The whole record as it will be sent (the API's upsert replaces the whole day). */
  values: ProductionValues;
  /**
   * The server's row before the edit: its values, null when the server had no
   * record that day, 'unknown' when the day was never downloaded.
   */
  base: ProductionValues | null | 'unknown';
}

/** One field of one day in conflict: ours, the server's now, and what both started from. */
export interface OutboxConflictField {
  date: string;
  field: ProductionField;
  ours: number | null;
  /** Null when empty on the server, or when the server has no record (`theirsDeleted`). */
  theirs: number | null;
  /** Null when empty then, or when the server had no record (`baseMissing`). */
  base: number | null;
  /** The server deleted the day's record since the edit. */
  theirsDeleted: boolean;
  /** The server had no record for the day when it was edited. */
  baseMissing: boolean;
}

export interface OutboxGetResult extends OutboxOperationView {
  /** As last cached; as remembered when the cache dropped the well; null if never known. */
  wellName: string | null;
  /**
   * The units of every value here: the project's (as cached, or as remembered
   * when the cache dropped the project), else imperial, the units the outbox stores.
   */
  unitSystem: UnitSystem;
  /** The unit label of each production field in `unitSystem` (bbl/d, m³/d, …). */
  units: Record<ProductionField, string>;
  /** Of well lengths (lateralLength, perfInterval) in `patch`: ft or m. */
  lengthUnit: string;
  /** upsert-records (unless withRecords is false), in date order; else null. */
  records: OutboxRecordView[] | null;
  /** update-well: the change in the API's field names; else null. */
  patch: WellPatch | null;
  /**
   * In conflict: per day and differing field, in date order. Null when the
   * operation is not in conflict (or the server's values were not kept).
   */
  conflicts: OutboxConflictField[] | null;
}
