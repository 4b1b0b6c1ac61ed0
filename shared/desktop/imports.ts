import { z } from 'zod';
import {
  requiredString,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '../api/index.js';
import {
  COLUMN_TARGETS,
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  DELIMITERS,
  type ColumnTarget,
  type DateFormat,
  type DecimalSeparator,
  type Delimiter,
  type RowProblem,
} from '../csv/index.js';
import type { PlausibilityWarning } from '../production/index.js';
import { connectionIdArg, idArg } from './common-args.js';
import { fileHandleArg } from './files.js';

/**
 * CSV import of production: import-preview, import-commit,
 * import-invalid-csv and the saved column mappings. Files are read and parsed
 * in the core; the renderer sees the mapping, a preview and counts. Values in
 * previews are in the project's unit system.
 */

/** Files larger than this are refused before they are read (checked with stat). */
export const MAX_IMPORT_FILE_BYTES = 200 * 1024 * 1024;
/** Text the browser host sends in the request (it has no files): smaller, it travels as JSON. */
export const MAX_IMPORT_TEXT_CHARS = 64 * 1024 * 1024;
/**
 * A workbook's bytes the browser host sends (it has no files), base64 in the request's JSON:
 * the same request size as the largest text.
 */
export const MAX_IMPORT_BASE64_CHARS = MAX_IMPORT_TEXT_CHARS;
/** Parsed records shown in a preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Invalid rows listed in a preview; import-invalid-csv exports all of them. */
export const MAX_PREVIEW_INVALID_ROWS = 10_000;
/** Skipped lines listed in a preview (the count is always complete). */
export const MAX_PREVIEW_SKIPPED_LINES = 1_000;
/** Values that look wrong listed in a preview. */
export const MAX_PREVIEW_PLAUSIBILITY = 1_000;

const MB = 1024 * 1024;

/** Where the rows of a file naming one well go when it was opened on a well page. */
export const IMPORT_WELL_ROUTINGS = ['this-well', 'by-name'] as const;
export type ImportWellRouting = (typeof IMPORT_WELL_ROUTINGS)[number];

export const importSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    /** A file the person chose in the desktop app (see files.ts): never a path. */
    handle: fileHandleArg,
  }),
  z.strictObject({
    kind: z.literal('text'),
    /** The file's name, for messages and the invalid-rows file. */
    name: requiredString().min(1, { message: 'must not be empty' }).max(255, {
      message: 'must be at most 255 characters',
    }),
    text: requiredString().max(MAX_IMPORT_TEXT_CHARS, {
      message: `is larger than ${MAX_IMPORT_TEXT_CHARS / MB} MB of text; import a smaller file, or use the desktop app, which reads files up to ${MAX_IMPORT_FILE_BYTES / MB} MB`,
    }),
  }),
  z.strictObject({
    /** A binary file (an Excel workbook) the browser host sends: its bytes in base64. */
    kind: z.literal('bytes'),
    name: requiredString().min(1, { message: 'must not be empty' }).max(255, {
      message: 'must be at most 255 characters',
    }),
    base64: requiredString()
      .max(MAX_IMPORT_BASE64_CHARS, {
        message: `is larger than ${(MAX_IMPORT_BASE64_CHARS * 0.75) / MB} MB of workbook; use the desktop app, which reads files up to ${MAX_IMPORT_FILE_BYTES / MB} MB`,
      })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'must be base64' }),
  }),
]);
export type ImportSource = z.infer<typeof importSourceSchema>;

export const columnOverrideSchema = z.strictObject({
  /** 0-based position of the column in the header row. */
  index: z.number().int().min(0).max(9_999),
  target: z.enum(COLUMN_TARGETS),
  /** A unit id of the target's quantity (`bbl/d`, `m3/d`, `kPa`, …); the project's unit when absent. */
  unit: z.string().min(1).max(32).optional(),
});
export type ColumnOverride = z.infer<typeof columnOverrideSchema>;

/** Overrides name each column once, and each target (but `ignore`) once. */
function distinctColumns(columns: readonly ColumnOverride[], ctx: z.RefinementCtx): void {
  const indexes = new Map<number, number>();
  const targets = new Map<ColumnTarget, number>();
  columns.forEach((column, i) => {
    const index = indexes.get(column.index);
    if (index !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'index'],
        message: `column ${column.index} is already mapped by columns[${index}]`,
      });
    }
    indexes.set(column.index, i);
    if (column.target === 'ignore') return;
    const other = targets.get(column.target);
    if (other !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'target'],
        message: `${column.target} is already the target of columns[${other}]`,
      });
    }
    targets.set(column.target, i);
  });
}

const columnsArg = z.array(columnOverrideSchema).max(10_000).superRefine(distinctColumns);

/** How to read the file; each is detected when absent. */
/**
 * Fields the file does not carry, on days it replaces: `keep` their current values (the
 * default: a file of rates leaves the pressures as they are) or `clear` them (the file is
 * the whole record, as the API's upsert takes it).
 */
export const UNTOUCHED_FIELD_CHOICES = ['keep', 'clear'] as const;
export type UntouchedFieldChoice = (typeof UNTOUCHED_FIELD_CHOICES)[number];

/** Replaced days the preview lists value by value; the counts cover all of them. */
export const MAX_PREVIEW_REPLACED_DAYS = 200;

const readingShape = {
  /** Fields not in the file, on replaced days: keep (default) or clear. */
  untouchedFields: z.enum(UNTOUCHED_FIELD_CHOICES).optional(),
  /** Changes to the detected (or saved) mapping, column by column. */
  columns: columnsArg.optional(),
  /** How the dates are written; read from them when absent. Needed when the preview reported `ambiguousDate`. */
  dateFormat: z.enum(DATE_FORMATS).optional(),
  delimiter: z.enum(DELIMITERS).optional(),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS).optional(),
  /**
   * A file naming one well, opened on another well (wellId): `this-well` imports its rows into
   * wellId, `by-name` matches them by the name they give. See ImportNamedWell.
   */
  wellRouting: z.enum(IMPORT_WELL_ROUTINGS).optional(),
  /** The sheet of a workbook to read (its name); the first sheet with data when absent. */
  sheet: z.string().min(1).max(255).optional(),
};

export const importPreviewArgsSchema = z.strictObject({
  connectionId: connectionIdArg,
  projectId: idArg,
  /** The well a single-well file goes to; files with a well or API number column need none. */
  wellId: idArg.optional(),
  source: importSourceSchema,
  ...readingShape,
});
export type ImportPreviewArgs = z.infer<typeof importPreviewArgsSchema>;

/** Either the importId of a preview (no re-parse), or the preview's arguments. */
export const importCommitArgsSchema = z
  .strictObject({
    connectionId: connectionIdArg,
    importId: idArg.optional(),
    projectId: idArg.optional(),
    wellId: idArg.optional(),
    source: importSourceSchema.optional(),
    ...readingShape,
  })
  .superRefine((args, ctx) => {
    if (args.importId !== undefined) {
      const previewKeys = [
        'projectId',
        'wellId',
        'source',
        'columns',
        'dateFormat',
        'delimiter',
        'decimalSeparator',
        'wellRouting',
        'sheet',
        'untouchedFields',
      ] as const;
      for (const key of previewKeys) {
        if (args[key] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'give either importId, or the preview arguments, not both',
          });
        }
      }
      return;
    }
    if (args.projectId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'is required (or importId)' });
    }
    if (args.source === undefined) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'is required (or importId)' });
    }
  });
export type ImportCommitArgs = z.infer<typeof importCommitArgsSchema>;

export const importInvalidCsvArgsSchema = z.strictObject({ importId: idArg });
export type ImportInvalidCsvArgs = z.infer<typeof importInvalidCsvArgsSchema>;

export const importMappingsListArgsSchema = z.strictObject({});
export type ImportMappingsListArgs = z.infer<typeof importMappingsListArgsSchema>;

/** Saves the mapping of a preview, or one given column by column for a header row. */
export const importMappingSaveArgsSchema = z
  .strictObject({
    importId: idArg.optional(),
    headers: z.array(z.string().max(500)).min(1).max(10_000).optional(),
    columns: columnsArg.optional(),
    dateFormat: z.enum(DATE_FORMATS).optional(),
    decimalSeparator: z.enum(DECIMAL_SEPARATORS).optional(),
    name: z.string().max(200).optional(),
  })
  .superRefine((args, ctx) => {
    if (args.importId !== undefined) {
      for (const key of ['headers', 'columns'] as const) {
        if (args[key] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'give either importId, or headers and columns, not both',
          });
        }
      }
      return;
    }
    if (args.headers === undefined) {
      ctx.addIssue({ code: 'custom', path: ['headers'], message: 'is required (or importId)' });
    }
    if (args.columns === undefined) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'is required (or importId)' });
    }
  });
export type ImportMappingSaveArgs = z.infer<typeof importMappingSaveArgsSchema>;

export const importMappingDeleteArgsSchema = z.strictObject({
  headerKey: requiredString().min(1, { message: 'must not be empty' }),
});
export type ImportMappingDeleteArgs = z.infer<typeof importMappingDeleteArgsSchema>;

export interface SavedImportMapping {
  /** The normalised header row it applies to (shared/csv `headerKey`). */
  headerKey: string;
  headers: string[];
  /** Every column of the header row, with its target and unit. */
  columns: Array<{ index: number; target: ColumnTarget; unit?: string }>;
  dateFormat: DateFormat | null;
  decimalSeparator: DecimalSeparator | null;
  name: string | null;
  savedAt: string;
}

export interface ImportMappingsListResult {
  mappings: SavedImportMapping[];
}
export interface ImportMappingDeleteResult {
  deleted: boolean;
}

/** Where a column's mapping came from. */
export type ImportColumnSource = 'detected' | 'saved' | 'override' | 'none';

export interface ImportColumn {
  index: number;
  header: string;
  target: ColumnTarget;
  /** Unit id of a production column (`bbl/d`, `kPa`, …), else null. */
  unit: string | null;
  /** The unit ids the column could be switched to. */
  unitChoices: string[];
  source: ImportColumnSource;
  /** Why a header was not used as it looked (a second date column, an unknown unit, …). */
  note?: string;
  /** The column's first few filled cells as written, so a person can tell what it holds. */
  samples: string[];
}

export interface ImportPreviewRecord {
  /** 1-based line of the file. */
  line: number;
  wellId: string;
  /** Values in the project's units, as they will be queued. */
  record: ProductionRecordInput;
}

/** A value the API allows that looks wrong (shared/production plausibility), at its line. */
export interface ImportPlausibilityWarning extends PlausibilityWarning {
  line: number;
  wellId: string;
}

export interface ImportInvalidRow {
  line: number;
  /** The well cell, for multi-well files. */
  well?: string;
  problems: RowProblem[];
}

export type ImportSkipReason = 'blank' | 'summary' | 'preamble' | 'note';
export interface ImportSkippedLine {
  line: number;
  reason: ImportSkipReason;
  /** The line's first cells, for the person to recognise it. */
  text: string;
}

export interface ImportWellSummary {
  wellId: string;
  name: string;
  apiNumber: string | null;
  rows: number;
  newDays: number;
  /** Days the cache (or a queued edit) already holds: their values will be replaced. */
  replacedDays: number;
  from: string;
  to: string;
}

export interface ImportUnmatchedWell {
  /** The cell as written. */
  value: string;
  rows: number;
  firstLine: number;
}

export interface ImportSummary {
  /** Data rows after the header (skipped lines excluded). */
  rows: number;
  validRows: number;
  newDays: number;
  replacedDays: number;
  invalidRows: number;
  skippedLines: number;
  /** Rows of wells the project does not have: listed, not imported. */
  unmatchedRows: number;
}

/**
 * Why a preview that read the file cannot be committed until the person decides: no column is
 * the date (`no-date-column`), or the file names another well of this project than the one it
 * was opened on (`which-well`: give wellRouting).
 */
export type ImportBlockReason = 'no-date-column' | 'which-well';
export interface ImportBlocked {
  reason: ImportBlockReason;
  /** Names the problem and its fix, in the dialog's words. */
  message: string;
}

/**
 * A file whose well column names exactly one well, opened on a well page (wellId) that is not
 * the well it names: exports of regulators and partners name wells their own way ("15/9-F-12"
 * for the project's "Bluestem 31-1H").
 */
export interface ImportNamedWell {
  /** The well as the file writes it (its first filled well cell). */
  named: string;
  /** The project's well that name finds (by name or API number), when it is another well. */
  match: { wellId: string; name: string } | null;
  /** The well the file was opened on. */
  into: { wellId: string; name: string };
  /**
   * Where this preview sends the rows: into `into` (the default when the name finds no well of
   * the project), or by the file's name. Null while the name finds another well of the
   * project: the preview is blocked (`which-well`) until wellRouting says which.
   */
  routing: ImportWellRouting | null;
}

/** One sheet of a workbook, as the dialog offers it. */
export interface ImportSheet {
  name: string;
  /** False when the sheet holds fewer than a header and one row of values. */
  hasData: boolean;
  /** Hidden in Excel (still offered: a person may have hidden the raw data). */
  hidden: boolean;
}

/** What was read from an Excel workbook, beside the CSV facts (delimiter, encoding) it lacks. */
export interface ImportWorkbook {
  /** Worksheets in the workbook's order (chart sheets are left out). */
  sheets: ImportSheet[];
  /** The sheet this preview read. */
  sheet: string;
  /** The workbook's date system: serial 0 is 1899-12-30 (1900) or 1904-01-01 (1904). */
  dateSystem: 1900 | 1904;
}

/** A value a replaced day changes, in the project's units. */
export interface ImportValueChange {
  field: ProductionField;
  before: number | null;
  after: number | null;
}

export interface ImportReplacedDay {
  wellId: string;
  date: string;
  changes: ImportValueChange[];
}

/** A field the file does not carry, as it stands on the replaced days. */
export interface ImportUntouchedField {
  field: ProductionField;
  /** Replaced days that hold a value of it. */
  days: number;
  /** Of those, the days whose oil, gas or water rate the file changes. */
  daysWithRatesChanged: number;
  /** Its lowest and highest value on those days (project units). */
  min: number | null;
  max: number | null;
}

/** What the import changes on days this computer already has. */
export interface ImportReplacement {
  /** Values changed per field, over every replaced day (fields that change only). */
  changedPerField: Array<{ field: ProductionField; changed: number }>;
  /** Replaced days with a changed value, by date, at most MAX_PREVIEW_REPLACED_DAYS. */
  days: ImportReplacedDay[];
  /** Replaced days with a changed value, all of them. */
  changedDays: number;
  untouched: ImportUntouchedField[];
  untouchedChoice: UntouchedFieldChoice;
}

export interface ImportPreviewResult {
  importId: string;
  fileName: string;
  bytes: number;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  delimiter: Delimiter;
  decimalSeparator: DecimalSeparator;
  unitSystem: UnitSystem;
  /** 1-based line of the header row (after any title lines). */
  headerLine: number;
  headers: string[];
  headerKey: string;
  /** Set for an Excel workbook (.xlsx): its sheets and the one read. Null for a text file. */
  workbook: ImportWorkbook | null;
  /** Set when a file naming one well was opened on another well: see ImportNamedWell. */
  namedWell: ImportNamedWell | null;
  /** Where the mapping came from as a whole: a saved one is offered for the same headers. */
  mappingSource: 'detected' | 'saved' | 'override';
  columns: ImportColumn[];
  dateFormat: DateFormat | null;
  /** Set when the dates fit more than one format: pass one as dateFormat. Nothing is parsed until then. */
  ambiguousDate: { candidates: DateFormat[]; labels: string[]; samples: string[] } | null;
  records: ImportPreviewRecord[];
  invalid: ImportInvalidRow[];
  invalidTruncated: boolean;
  skipped: ImportSkippedLine[];
  wells: ImportWellSummary[];
  unmatchedWells: ImportUnmatchedWell[];
  summary: ImportSummary;
  warnings: string[];
  /**
   * Values of the rows to import that the API allows but that look wrong, by line
   * (at most MAX_PREVIEW_PLAUSIBILITY); the dialog asks once before importing them.
   * Absent when there are none.
   */
  plausibility?: ImportPlausibilityWarning[];
  /** What changes on the days this computer has already; null when the file replaces none. */
  replacement: ImportReplacement | null;
  /**
   * Set when the file was read but its mapping cannot be imported (no column
   * maps to `date`): the columns are all there to fix it, but no record is
   * read and import-commit refuses with the message. Null when committable.
   */
  blocked: ImportBlocked | null;
}

export interface ImportCommitResult {
  importId: string;
  projectId: string;
  /** The import's action in the change log (changes-list's `batch`; import-undo takes it). */
  changeBatch: number;
  /** Records queued in the outbox. */
  queued: number;
  wells: Array<{ wellId: string; queued: number; outboxSeq: number }>;
  newDays: number;
  replacedDays: number;
  invalidRows: number;
  skippedLines: number;
  unmatchedRows: number;
}

export interface ImportInvalidCsvResult {
  /** A suggested name: the file's own with "-invalid" added. */
  fileName: string;
  /** RFC 4180 text: the header row, then each invalid row with its line and reasons. */
  csv: string;
  rows: number;
}
