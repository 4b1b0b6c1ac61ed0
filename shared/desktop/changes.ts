import { z } from 'zod';
import { isoDate } from '../api/index.js';
import { connectionIdArg, idArg } from './common-args.js';

/**
 * The change log: every change made on this computer, with who, when, where it came from
 * and the value before and after. Declared here; implemented by electron/core/audit.
 * Values are in the project's unit system, as the person sees them.
 */

/**
 * Where a change came from: a cell typed in the records grid, cells pasted into it, an
 * imported file, a well's status or another of its members, a deleted range of days, or
 * an import taken back, or a well event recorded, changed or deleted.
 */
export const CHANGE_SOURCES = [
  'grid',
  'paste',
  'import',
  'status',
  'well',
  'delete',
  'undo',
  'event',
] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** Where a records save came from; an import and a delete name themselves. */
export const RECORD_SAVE_SOURCES = ['grid', 'paste'] as const;
export type RecordSaveSource = (typeof RECORD_SAVE_SOURCES)[number];

/**
 * What happened to a change after it was made: waiting, accepted by the server, discarded, or
 * kept on this computer only (a well event on a server without events).
 */
export type ChangeState = 'pending' | 'synced' | 'discarded' | 'local';

/** The most changes one page of the log carries. */
export const MAX_CHANGES_PAGE = 2_000;

export const changesListArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  wellId: idArg.optional(),
  sources: z.array(z.enum(CHANGE_SOURCES)).min(1).optional(),
  /** A production field (oilRate, …) or a well member (status, name, …). */
  field: z.string().min(1).max(40).optional(),
  /** Changes made on or after this day (UTC). */
  madeFrom: isoDate.optional(),
  /** Changes made on or before this day (UTC). */
  madeTo: isoDate.optional(),
  /** One action: a save, an import, a delete. */
  batch: z.number().int().min(1).optional(),
  /** Paging, newest first: rows older than this id. */
  before: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(MAX_CHANGES_PAGE).optional(),
});
export type ChangesListArgs = z.infer<typeof changesListArgsSchema>;

/** One value changed, in the project's units. */
export interface ValueChangeView {
  /** A production field (oil_rate, …), a well member (status, name, …), or `records`. */
  field: string;
  oldValue: number | string | null;
  newValue: number | string | null;
  /** The unit of the values, in the project's system; null for text. */
  unit: string | null;
}

/** A day changed by one action, or one change of a well's own members. */
export interface ChangeView {
  id: number;
  /** The action it was part of (one save, one import, one delete). */
  batch: number;
  /** When it was made on this computer (ISO). */
  at: string;
  /** Who: the computer's user, and the connection the change was made through. */
  actor: string;
  connectionName: string;
  source: ChangeSource;
  /** The file's name for an import; the range for a delete. */
  sourceLabel: string | null;
  wellId: string;
  wellName: string;
  /** The production day changed; null for a change of the well itself. */
  date: string | null;
  /** The values changed (only the filtered field's, when the list is filtered by field). */
  values: ValueChangeView[];
  /** The day was never downloaded here: its values before are not known. */
  oldUnknown: boolean;
  state: ChangeState;
  /** When it was synced or discarded. */
  settledAt: string | null;
}

export interface ChangesListResult {
  changes: ChangeView[];
  /** Changes (days or well edits) matching the filter, all pages together. */
  total: number;
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: number | null;
}

export const changesRecentArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  limit: z.number().int().min(1).max(100).optional(),
});
export type ChangesRecentArgs = z.infer<typeof changesRecentArgsSchema>;

/** One action of one well the server has accepted, for the sync panel. */
export interface SyncedAction {
  batch: number;
  projectId: string;
  wellId: string;
  wellName: string;
  source: ChangeSource;
  sourceLabel: string | null;
  /** Values changed, and days they were on (0 for a change of the well itself). */
  values: number;
  days: number;
  at: string;
  settledAt: string;
}
export interface ChangesRecentResult {
  actions: SyncedAction[];
}

/**
 * import-undo: takes an import back as one action. Each day it replaced gets its values from
 * before the import again; each day it added is deleted. Refused, changing nothing, when a
 * day was changed again after the import (by an edit, a paste, another file) or was not on
 * this computer before it.
 */
export const importUndoArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  /** The import's action (import-commit's `changeBatch`). */
  batch: z.number().int().min(1),
});
export type ImportUndoArgs = z.infer<typeof importUndoArgsSchema>;
export interface ImportUndoResult {
  /** The undo's own action in the change log. */
  batch: number;
  fileName: string | null;
  restoredDays: number;
  deletedDays: number;
  wells: number;
}
