import {
  FIELD_RULES,
  fieldValueProblem,
  formatFixed,
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecordInput,
} from '#shared/api/index.js';
import { addDays, isCalendarDate } from '#shared/dates/iso-day.js';
import type { DateRange, ProductionView, RowSyncState } from '#shared/desktop/index.js';

/**
 * The records grid's pure half: rows from a production view, cell text to numbers,
 * blocks pasted from a spreadsheet to records, and the undo of an edit. Everything
 * here is checked with the API's own field rules before anything is saved.
 */

export const GRID_FIELDS: readonly ProductionField[] = PRODUCTION_FIELDS;

export type RecordValues = Record<ProductionField, number | null>;

export interface GridRow {
  date: string;
  values: RecordValues;
  state: RowSyncState;
}

/** A reason a cell or pasted value cannot be saved, naming the day, the field and the rule. */
export interface CellProblem {
  date: string;
  field: ProductionField | 'date';
  message: string;
}

const EMPTY_VALUES = Object.fromEntries(GRID_FIELDS.map((field) => [field, null])) as RecordValues;

export function emptyValues(): RecordValues {
  return { ...EMPTY_VALUES };
}

/** The view's rows (daily, in the project's units), newest last as the API orders them. */
export function rowsFromView(view: ProductionView): GridRow[] {
  // Runs on every range change over up to twenty years of days: columns looked up once.
  const columns = GRID_FIELDS.map((field) => view.values[field]);
  return view.dates.map((date, index) => {
    const values = { ...EMPTY_VALUES };
    GRID_FIELDS.forEach((field, k) => {
      values[field] = columns[k]?.[index] ?? null;
    });
    return { date, values, state: view.states[index] ?? 'synced' };
  });
}

/**
 * A typed or pasted cell as a number: empty means "no value" (null). Accepts spreadsheet
 * habits: surrounding spaces, thousands separators (1,234.5 or 1 234,5) and a decimal
 * comma (12,5). Anything else is an error saying what was typed.
 */
export function parseCellText(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (trimmed === '' || trimmed === '-' || trimmed === '—') return { value: null };
  let normal = trimmed;
  const lastComma = normal.lastIndexOf(',');
  const lastDot = normal.lastIndexOf('.');
  if (lastComma > lastDot) {
    // "1.234,5" or "12,5": the comma is the decimal mark unless it groups exactly three
    // digits after a dot-free integer of more than three digits ("1,234" stays 1234).
    const groupsOfThree = /^-?\d{1,3}(,\d{3})+$/.test(normal) && lastDot === -1;
    normal = groupsOfThree ? normal.replace(/,/g, '') : normal.replace(/\./g, '').replace(',', '.');
  } else {
    normal = normal.replace(/,/g, '');
  }
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal)) {
    return { error: `"${text.trim()}" is not a number` };
  }
  return { value: Number(normal) };
}

/** The problems of one record under the API's rules (field label and rule). */
export function recordProblems(date: string, values: RecordValues): CellProblem[] {
  const problems: CellProblem[] = [];
  for (const field of GRID_FIELDS) {
    const problem = fieldValueProblem(field, values[field]);
    if (problem) problems.push({ date, field, message: `${FIELD_RULES[field].label} ${problem}` });
  }
  return problems;
}

export function toRecord(date: string, values: RecordValues): ProductionRecordInput {
  return { date, ...values };
}

/** Tab-separated lines as a spreadsheet copies them; a final line break adds no row. */
export function parseClipboardBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

export interface PasteTarget {
  /** Row index of the active cell (may equal rows.length: the row after the last). */
  row: number;
  /** Column of the active cell: 0 is the date, 1… are GRID_FIELDS. */
  column: number;
}

export interface PasteResult {
  records: ProductionRecordInput[];
  problems: CellProblem[];
  /** Days the paste creates (not in the grid before). */
  created: string[];
}

/**
 * A block pasted at `target`, as the full records to save. Pasted on the date column,
 * the block's first column holds the dates (rows go to those days, new or existing);
 * elsewhere, rows fill the grid's rows from the active one down, continuing day by day
 * after the last row. Cells past the last field are ignored; every value is checked.
 */
export function pasteBlock(
  rows: readonly GridRow[],
  target: PasteTarget,
  block: string[][],
): PasteResult {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const records = new Map<string, RecordValues>();
  const problems: CellProblem[] = [];
  const created: string[] = [];
  const lastDate = rows[rows.length - 1]?.date;

  block.forEach((cells, offset) => {
    let date: string;
    let firstField = target.column - 1;
    let values = cells;
    if (target.column === 0) {
      const text = (cells[0] ?? '').trim();
      values = cells.slice(1);
      firstField = 0;
      if (!isCalendarDate(text)) {
        problems.push({
          date: text || `line ${offset + 1}`,
          field: 'date',
          message: `Line ${offset + 1}: "${text}" is not a date (YYYY-MM-DD)`,
        });
        return;
      }
      date = text;
    } else {
      const index = target.row + offset;
      const existing = rows[index];
      if (existing) date = existing.date;
      else if (lastDate) date = addDays(lastDate, index - rows.length + 1);
      else {
        problems.push({
          date: `line ${offset + 1}`,
          field: 'date',
          message: 'Paste on the Date column to add days to an empty range',
        });
        return;
      }
    }
    if (records.has(date)) {
      problems.push({
        date,
        field: 'date',
        message: `Line ${offset + 1}: ${date} is pasted twice`,
      });
      return;
    }
    const base = byDate.get(date);
    if (!base) created.push(date);
    const next = { ...(base?.values ?? emptyValues()) };
    values.forEach((text, column) => {
      const field = GRID_FIELDS[firstField + column];
      if (!field) return;
      const parsed = parseCellText(text);
      if ('error' in parsed) {
        problems.push({ date, field, message: `${FIELD_RULES[field].label}: ${parsed.error}` });
        return;
      }
      next[field] = parsed.value;
    });
    problems.push(...recordProblems(date, next));
    records.set(date, next);
  });
  return {
    records: [...records].map(([date, values]) => toRecord(date, values)),
    problems,
    created,
  };
}

/** What undoing an edit must do: save these records as they were, delete these days. */
export interface UndoStep {
  label: string;
  restore: ProductionRecordInput[];
  remove: string[];
}

/** The undo of saving `dates`: the rows as they are now, or their removal if absent. */
export function undoStepFor(
  label: string,
  rows: readonly GridRow[],
  dates: readonly string[],
): UndoStep {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const restore: ProductionRecordInput[] = [];
  const remove: string[] = [];
  for (const date of dates) {
    const row = byDate.get(date);
    if (row) restore.push(toRecord(date, row.values));
    else remove.push(date);
  }
  return { label, restore, remove };
}

/** Sorted days as the fewest inclusive ranges (for queued range deletes). */
export function contiguousRanges(dates: readonly string[]): DateRange[] {
  const sorted = [...new Set(dates)].sort();
  const ranges: DateRange[] = [];
  for (const date of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && addDays(last.to, 1) === date) last.to = date;
    else ranges.push({ from: date, to: date });
  }
  return ranges;
}

/**
 * A value as a grid cell shows it: to its column's decimals (one precision per field and unit,
 * shared/api/display-precision.ts), thousands grouped like every other number in the app
 * (10,342.10). The editor and the clipboard take `formatCell` instead: the full value.
 */
export function displayCell(value: number | null, decimals: number): string {
  return value === null ? '' : formatFixed(value, decimals);
}

/** A value as the editor opens with it and a copy carries it: no grouping (it reads like it types). */
export function formatCell(value: number | null): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}
