import { z } from 'zod';
import { productionRecordInputSchema, wellPatchSchema } from '../api/index.js';
import {
  connectionIdArg,
  dateRangeShape,
  fromNotAfterTo,
  idArg,
  type DateRange,
} from './common-args.js';
import { RECORD_SAVE_SOURCES } from './changes.js';
import type { IpcError } from './errors.js';
import type { WellView } from './reads.js';
import {
  OUTBOX_STATES,
  type OutboxKind,
  type OutboxState,
  type RowSyncState,
} from './sync-states.js';

/**
 * Edits and the outbox: well-update, records-save, records-delete,
 * outbox-list, outbox-discard, conflict-resolve. Declared here; implemented by
 * the sync half of electron/core. Values are in the project's unit system, as
 * the user sees them; the core stores them in imperial.
 */

export const wellUpdateArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg,
  /** The API's own PATCH rules (status, name, …), checked before anything is queued. */
  patch: wellPatchSchema,
});
export type WellUpdateArgs = z.infer<typeof wellUpdateArgsSchema>;
export interface WellUpdateResult {
  well: WellView;
  outboxSeq: number;
}

/** Up to the CSV import's 500,000 rows; the sync engine posts them 5,000 at a time. */
export const MAX_RECORDS_PER_SAVE = 500_000;

export const recordsSaveArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg,
  /** For the change log: typed in the grid (the default) or pasted. */
  source: z.enum(RECORD_SAVE_SOURCES).optional(),
  /** Full records (an absent field becomes null, as the API's upsert does); dates unique. */
  records: z
    .array(productionRecordInputSchema)
    .min(1, { message: 'must hold at least one record' })
    .max(MAX_RECORDS_PER_SAVE, { message: `must hold at most ${MAX_RECORDS_PER_SAVE} records` })
    .superRefine((records, ctx) => {
      const seen = new Map<string, number>();
      records.forEach((record, index) => {
        const first = seen.get(record.date);
        if (first === undefined) seen.set(record.date, index);
        else
          ctx.addIssue({
            code: 'custom',
            path: [index, 'date'],
            message: `date ${record.date} is repeated (first at records[${first}])`,
          });
      });
    }),
});
export type RecordsSaveArgs = z.infer<typeof recordsSaveArgsSchema>;
export interface RecordsSaveResult {
  saved: number;
  outboxSeq: number;
}

export const recordsDeleteArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    projectId: idArg,
    wellId: idArg,
    ...dateRangeShape,
  })
  .superRefine(fromNotAfterTo);
export type RecordsDeleteArgs = z.infer<typeof recordsDeleteArgsSchema>;
export interface RecordsDeleteResult {
  outboxSeq: number;
}

export const outboxListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  wellId: idArg.optional(),
  states: z.array(z.enum(OUTBOX_STATES)).min(1).optional(),
});
export type OutboxListArgs = z.infer<typeof outboxListArgsSchema>;

export interface OutboxOperationView {
  seq: number;
  projectId: string;
  wellId: string;
  kind: OutboxKind;
  state: OutboxState;
  /** Records carried (upsert-records), else 0. */
  recordCount: number;
  /** Dates touched: the records' span, or the deleted range. */
  range: DateRange | null;
  /** The server's answer when it was rejected, mapped to record and field. */
  error: IpcError | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}
export interface OutboxListResult {
  operations: OutboxOperationView[];
}

export const outboxDiscardArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  seqs: z.array(z.number().int().min(1)).min(1, { message: 'must name at least one operation' }),
});
export type OutboxDiscardArgs = z.infer<typeof outboxDiscardArgsSchema>;
export interface OutboxDiscardResult {
  discarded: number;
}

export const conflictResolveArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  seq: z.number().int().min(1),
  /** keep-mine: push our values over the server's; take-theirs: discard ours. */
  resolution: z.enum(['keep-mine', 'take-theirs']),
});
export type ConflictResolveArgs = z.infer<typeof conflictResolveArgsSchema>;
export interface ConflictResolveResult {
  seq: number;
  /** What the operation became: pending again (keep-mine) or gone (take-theirs → synced). */
  state: RowSyncState;
}
