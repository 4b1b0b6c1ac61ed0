import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  toStored,
  type ProductionField,
  type UnitSystem,
} from '#shared/api/index.js';
import {
  describeCell,
  findUnit,
  isFieldTarget,
  isNoteLine,
  isSummaryLabel,
  looksLikeDateColumn,
  parseNumber,
  unitConverter,
  valueProblemCode,
  type DecimalSeparator,
  type Delimiter,
  type RowProblem,
} from '#shared/csv/index.js';
import type { ImportColumn, ImportSkippedLine } from '#shared/desktop/index.js';
import { MAX_PREVIEW_SKIPPED_LINES } from '#shared/desktop/index.js';
import type { RowSource } from './row-source.js';
import type { SerialDay } from './xlsx/serial-date.js';

/**
 * The one full pass over the file's rows (streamed, so memory holds the
 * values rather than every cell): each data row's line, date cell, well cell
 * and field values — parsed, converted to the project's units and checked
 * with the API's rules as they arrive. Dates are read after the pass, once
 * the whole column has said which format it is in.
 */
export const FIELD_COUNT = PRODUCTION_FIELDS.length;

export interface RowTable {
  count: number;
  lines: number[];
  dateCells: string[];
  wellCells: string[];
  /** FIELD_COUNT values per row in PRODUCTION_FIELDS order; NaN where the cell was empty. */
  values: Float64Array;
  /** Problems found in the pass, by row index. */
  problems: Map<number, RowProblem[]>;
  skipped: ImportSkippedLine[];
  skippedCount: number;
  /** Rows with a date but not one value. */
  emptyRows: number;
  /**
   * A workbook's serial days in the date column, by row index: the day, read exactly, or null
   * when the number is no day (its problem is already listed). Their text is not parsed again.
   */
  serialDates: Map<number, string | null>;
}

export interface RowPlan {
  headerLine: number;
  headerCount: number;
  delimiter: Delimiter;
  decimal: DecimalSeparator;
  /** -1 while no column maps to the date: the rows are still read, for the counts. */
  dateColumn: number;
  /** The date column as messages name it: `column "DATEPRD" (date)`. */
  dateLabel: string;
  wellColumn: number;
  fields: FieldColumn[];
}

interface FieldColumn {
  column: number;
  field: ProductionField;
  slot: number;
  label: string;
  percent: boolean;
  convert: (value: number) => number;
  min: number;
  max: number;
  /** False when the value overflows once stored in imperial units (1e308 m³/d); metric only. */
  storable: ((value: number) => boolean) | undefined;
}

export function rowPlan(
  columns: readonly ImportColumn[],
  shape: { headerLine: number; delimiter: Delimiter },
  decimal: DecimalSeparator,
  system: UnitSystem,
): RowPlan {
  const fields: FieldColumn[] = [];
  for (const column of columns) {
    if (!isFieldTarget(column.target)) continue;
    const field = column.target;
    const unit = findUnit(field, column.unit ?? '')!;
    fields.push({
      column: column.index,
      field,
      slot: PRODUCTION_FIELDS.indexOf(field),
      label: describeCell(column.header, field),
      percent: field === 'watercut',
      convert: unitConverter(field, unit, system),
      min: FIELD_RULES[field].min,
      max: FIELD_RULES[field].max,
      storable:
        system === 'imperial'
          ? undefined
          : (value) => Number.isFinite(toStored(FIELD_RULES[field].quantity, value, system)),
    });
  }
  const dateColumn = columns.find((column) => column.target === 'date');
  const wellColumn =
    columns.find((column) => column.target === 'api-number') ??
    columns.find((column) => column.target === 'well-name');
  return {
    headerLine: shape.headerLine,
    headerCount: columns.length,
    delimiter: shape.delimiter,
    decimal,
    dateColumn: dateColumn?.index ?? -1,
    dateLabel: describeCell(dateColumn?.header ?? '', 'date'),
    wellColumn: wellColumn?.index ?? -1,
    fields,
  };
}

class Growing {
  data = new Float64Array(FIELD_COUNT * 1024);
  ensure(rows: number): void {
    if (rows * FIELD_COUNT <= this.data.length) return;
    const next = new Float64Array(Math.max(this.data.length * 2, rows * FIELD_COUNT));
    next.set(this.data);
    this.data = next;
  }
}

export async function parseRows(source: Pick<RowSource, 'each'>, plan: RowPlan): Promise<RowTable> {
  const table: RowTable = {
    count: 0,
    lines: [],
    dateCells: [],
    wellCells: [],
    values: new Float64Array(0),
    problems: new Map(),
    skipped: [],
    skippedCount: 0,
    emptyRows: 0,
    serialDates: new Map(),
  };
  const values = new Growing();
  const skip = (line: number, reason: ImportSkippedLine['reason'], record: readonly string[]) => {
    table.skippedCount++;
    if (table.skipped.length < MAX_PREVIEW_SKIPPED_LINES) {
      table.skipped.push({
        line,
        reason,
        text: record.slice(0, 4).join(plan.delimiter).slice(0, 120),
      });
    }
  };
  const onRecord = (record: string[], line: number, serial: SerialDay | undefined) => {
    if (line <= plan.headerLine) {
      if (line < plan.headerLine) skip(line, isBlank(record) ? 'blank' : 'preamble', record);
      return;
    }
    if (isBlank(record)) return skip(line, 'blank', record);
    const dateCell = plan.dateColumn < 0 ? '' : (record[plan.dateColumn] ?? '').trim();
    if (isSummaryLabel(dateCell) || (dateCell === '' && isSummaryLabel(record[0] ?? ''))) {
      return skip(line, 'summary', record);
    }
    if (isNoteLine(record, plan.dateColumn, readsAsDate)) return skip(line, 'note', record);
    const r = table.count++;
    table.lines.push(line);
    table.dateCells.push(dateCell);
    table.wellCells.push(plan.wellColumn < 0 ? '' : (record[plan.wellColumn] ?? '').trim());
    values.ensure(table.count);
    const out = values.data;
    const base = r * FIELD_COUNT;
    out.fill(NaN, base, base + FIELD_COUNT);
    let problems: RowProblem[] | undefined;
    let filled = 0;
    if (serial !== undefined) {
      if ('iso' in serial) {
        table.serialDates.set(r, serial.iso);
      } else {
        table.serialDates.set(r, null);
        problems = [
          {
            code: 'unparseable-date',
            message: `${plan.dateLabel}: ${serial.problem}`,
            column: plan.dateColumn,
            field: 'date',
            value: dateCell,
          },
        ];
      }
    }
    for (const field of plan.fields) {
      const cell = record[field.column] ?? '';
      const number = parseNumber(cell, plan.decimal, field.percent);
      if (number === null) continue;
      if (Number.isNaN(number)) {
        (problems ??= []).push({
          code: 'not-a-number',
          message: `${field.label}: "${cell.trim()}" is not a number`,
          column: field.column,
          field: field.field,
          value: cell,
        });
        continue;
      }
      const value = field.convert(number);
      // The common case in two comparisons; the shared rule words any failure.
      const problem =
        value >= field.min && value <= field.max ? null : valueProblemCode(field.field, value);
      if (problem) {
        (problems ??= []).push({
          code: problem.code,
          message: `${field.label}: ${cell.trim()} ${problem.rule}`,
          column: field.column,
          field: field.field,
          value: cell,
        });
        continue;
      }
      if (field.storable && !field.storable(value)) {
        (problems ??= []).push({
          code: 'too-large',
          message: `${field.label}: ${cell.trim()} is too large to store`,
          column: field.column,
          field: field.field,
          value: cell,
        });
        continue;
      }
      out[base + field.slot] = value;
      filled++;
    }
    if (record.length > plan.headerCount) {
      const extra = record.slice(plan.headerCount).filter((cell) => cell.trim() !== '');
      if (extra.length > 0) {
        (problems ??= []).push({
          code: 'extra-cells',
          message: `the row has ${record.length} cells but the header has ${plan.headerCount} (an unquoted ${plan.delimiter === ',' ? 'comma' : 'delimiter'} in a value?)`,
          value: extra.join(plan.delimiter),
        });
      }
    }
    if (problems) table.problems.set(r, problems);
    else if (filled === 0) table.emptyRows++;
  };

  await source.each(onRecord, plan.dateColumn);
  table.values = values.data;
  return table;
}

function readsAsDate(cell: string): boolean {
  return looksLikeDateColumn([cell]);
}

function isBlank(record: readonly string[]): boolean {
  for (const cell of record) if (cell.length > 0 && cell.trim() !== '') return false;
  return true;
}
