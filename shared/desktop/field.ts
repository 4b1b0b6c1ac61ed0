import { z } from 'zod';
import {
  aggregationSchema,
  wellStatusSchema,
  wellTypeSchema,
  type Aggregation,
  type UnitSystem,
} from '../api/index.js';
import type { FieldTotalsSeries, FieldTotalsUnits } from '../field/index.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * field-totals: a project's oil, gas and water rates summed over its wells per day (or
 * month), the producing-well count and the cumulative volumes, from the production on
 * this computer with queued edits merged (shared/field/field-totals.ts says how).
 */
export const fieldTotalsArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  aggregation: aggregationSchema,
  type: wellTypeSchema.optional(),
  status: wellStatusSchema.optional(),
  /** Only these wells (the map's or table's selection); every well of the project when absent. */
  wellIds: z
    .array(idArg)
    .min(1, { message: 'must list at least one well (leave it out for every well)' })
    .max(100_000, { message: 'must list at most 100,000 wells' })
    .optional(),
});
export type FieldTotalsArgs = z.infer<typeof fieldTotalsArgsSchema>;

export interface FieldTotalsResult extends FieldTotalsSeries {
  projectId: string;
  aggregation: Aggregation;
  unitSystem: UnitSystem;
  units: FieldTotalsUnits;
  /** Wells matching the filters. */
  wellCount: number;
  /** Of those, wells with production on this computer (the sums are over these). */
  wellsWithProduction: number;
  /** Wells matching the filters with no production on this computer, by name. */
  wellsWithoutProduction: Array<{ id: string; name: string }>;
  /** Wells matching the filters whose whole history is not on this computer (offline), by name. */
  wellsNotWhole: Array<{ id: string; name: string }>;
  /** Wells whose queued (not yet synced) production edits are in the sums. */
  wellsWithPendingEdits: number;
  /** When the sums were made (ISO timestamp). */
  computedAt: string;
}

/** `field-progress`: how far a running field-totals has got (a few a second at most). */
export interface FieldProgress {
  connectionId: string;
  projectId: string;
  wellsDone: number;
  wellsTotal: number;
  /** Wells whose history is still being brought to this computer before the sums start. */
  wellsFetching: number;
}
