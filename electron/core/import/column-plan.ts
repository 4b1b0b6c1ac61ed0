import type { UnitSystem } from '#shared/api/index.js';
import {
  findUnit,
  isFieldTarget,
  looksLikeDateColumn,
  projectUnit,
  readHeader,
  unitsOf,
  yearAndMonthHeaders,
  type ColumnTarget,
} from '#shared/csv/index.js';
import {
  CoreError,
  type ColumnOverride,
  type ImportBlocked,
  type ImportColumn,
  type SavedImportMapping,
} from '#shared/desktop/index.js';

/**
 * The column mapping of a file: detected from the headers, replaced by a
 * saved mapping for the same header row, then adjusted by the caller's
 * overrides. Every production column gets a unit (the project's when the
 * header names none). It may end with no date column: see missingDate.
 */
export interface ColumnMapping {
  columns: ImportColumn[];
  mappingSource: 'detected' | 'saved' | 'override';
  warnings: string[];
}

export function mapColumns(
  headers: readonly string[],
  sample: ReadonlyArray<readonly string[]>,
  system: UnitSystem,
  saved: SavedImportMapping | undefined,
  overrides: readonly ColumnOverride[] | undefined,
): ColumnMapping {
  const warnings: string[] = [];
  const columns = headers.map((header, index) => ({
    ...detect(header, index, system, warnings),
    samples: samplesOf(sample, index),
  }));
  dropDuplicateTargets(columns);
  let mappingSource: ColumnMapping['mappingSource'] = 'detected';
  if (saved && overrides === undefined) {
    for (const column of saved.columns) {
      if (column.index < columns.length)
        apply(columns, column, 'saved', system, 'the saved mapping');
    }
    mappingSource = 'saved';
  }
  if (overrides !== undefined) {
    overrides.forEach((override, i) => {
      if (override.index >= columns.length) {
        throw new CoreError(
          'validation',
          `Invalid arguments of import-preview: columns[${i}].index ${override.index} is past the last column (the header row has ${columns.length})`,
          { issues: [{ path: `columns[${i}].index`, message: `must be below ${columns.length}` }] },
        );
      }
      apply(columns, override, 'override', system, `columns[${i}]`);
    });
    mappingSource = 'override';
  }
  if (!columns.some((column) => column.target === 'date')) findDateByContent(columns, sample);
  return { columns, mappingSource, warnings };
}

/**
 * A mapping without a date column cannot be imported, but it is no reason to
 * refuse the file: the preview answers with the columns so the person can map
 * one to "Date", and this says why it waits.
 */
export function missingDate(columns: readonly ImportColumn[]): ImportBlocked | null {
  if (columns.some((column) => column.target === 'date')) return null;
  const monthly = yearAndMonthHeaders(columns.map((column) => column.header));
  if (monthly) {
    return {
      reason: 'no-date-column',
      message: `No column holds dates of days: the file has a year column ("${monthly[0]}") and a month column ("${monthly[1]}"), so it holds monthly totals, and records here are daily. Import the daily file, or map a column of dates to "Date".`,
    };
  }
  return {
    reason: 'no-date-column',
    message:
      'No column holds dates: no header names a date and no column reads as dates. Map one of the columns to "Date".',
  };
}

/** Cells shown beside a column's header in the mapping. */
const SAMPLES_PER_COLUMN = 3;
const SAMPLE_CHARS = 40;

function samplesOf(sample: ReadonlyArray<readonly string[]>, index: number): string[] {
  const out: string[] = [];
  for (const row of sample) {
    const cell = (row[index] ?? '').trim();
    if (cell === '' || out.includes(cell)) continue;
    out.push(cell.length > SAMPLE_CHARS ? `${cell.slice(0, SAMPLE_CHARS - 1)}…` : cell);
    if (out.length === SAMPLES_PER_COLUMN) break;
  }
  return out;
}

function detect(
  header: string,
  index: number,
  system: UnitSystem,
  warnings: string[],
): Omit<ImportColumn, 'samples'> {
  const reading = readHeader(header);
  const column: Omit<ImportColumn, 'samples'> = {
    index,
    header,
    target: reading.target,
    unit: null,
    unitChoices: [],
    source: reading.target === 'ignore' && !reading.notAField ? 'none' : 'detected',
  };
  if (reading.note) column.note = reading.note;
  if (reading.notAField) warnings.push(`Column "${header}": ${reading.note}.`);
  if (isFieldTarget(reading.target)) {
    column.unitChoices = unitsOf(reading.target).map((unit) => unit.id);
    column.unit = (reading.unit ?? projectUnit(reading.target, system)).id;
    if (!reading.unit && reading.unitText !== '') {
      column.note = `unit "${reading.unitText}" is not one we know; taken as ${column.unit}, the project's unit`;
      warnings.push(`Column "${header}": ${column.note}.`);
    }
  }
  return column;
}

/** One column's mapping replaced; another column holding the same target gives it up. */
function apply(
  columns: ImportColumn[],
  override: { index: number; target: ColumnTarget; unit?: string | undefined },
  source: 'saved' | 'override',
  system: UnitSystem,
  where: string,
): void {
  const column = columns[override.index]!;
  const { target } = override;
  let unit: string | null = null;
  if (isFieldTarget(target)) {
    if (override.unit !== undefined) {
      if (!findUnit(target, override.unit)) {
        throw new CoreError(
          'validation',
          `${where}: unit "${override.unit}" does not fit ${target} (column "${column.header}"); use one of ${unitsOf(
            target,
          )
            .map((u) => u.id)
            .join(', ')}`,
          { issues: [{ path: `${where}.unit`, message: `is not a unit of ${target}` }] },
        );
      }
      unit = override.unit;
    } else {
      unit = column.target === target && column.unit ? column.unit : projectUnit(target, system).id;
    }
  } else if (override.unit !== undefined) {
    throw new CoreError('validation', `${where}: a ${target} column has no unit`, {
      issues: [{ path: `${where}.unit`, message: `a ${target} column has no unit` }],
    });
  }
  if (target !== 'ignore') {
    for (const other of columns) {
      if (other !== column && other.target === target) {
        other.note = `was ${target}; column "${column.header}" is used instead`;
        other.target = 'ignore';
        other.unit = null;
        other.unitChoices = [];
        other.source = source;
      }
    }
  }
  column.target = target;
  column.unit = unit;
  column.unitChoices = isFieldTarget(target) ? unitsOf(target).map((u) => u.id) : [];
  column.source = source;
  delete column.note;
}

/** A column the headers do not name but whose cells are dates ("Fecha", "Tag", …). */
function findDateByContent(
  columns: ImportColumn[],
  sample: ReadonlyArray<readonly string[]>,
): void {
  for (const column of columns) {
    if (column.target !== 'ignore' || column.source === 'override') continue;
    if (looksLikeDateColumn(sample.slice(0, 100).map((row) => row[column.index] ?? ''))) {
      column.target = 'date';
      column.source = 'detected';
      column.note = 'holds dates';
      return;
    }
  }
}

/** Second and later columns naming a target already taken are ignored, with a note. */
export function dropDuplicateTargets(columns: ImportColumn[]): void {
  const seen = new Map<ColumnTarget, ImportColumn>();
  for (const column of columns) {
    if (column.target === 'ignore') continue;
    const first = seen.get(column.target);
    if (first) {
      column.note = `looks like ${column.target} too; column "${first.header}" is used`;
      column.target = 'ignore';
      column.unit = null;
      column.unitChoices = [];
      column.source = 'none';
    } else {
      seen.set(column.target, column);
    }
  }
}
