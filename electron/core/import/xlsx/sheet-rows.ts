import type { DateStyles } from './cell-styles.js';
import { serialDay, type DateSystem, type SerialDay } from './serial-date.js';
import { workbookError } from './workbook-error.js';
import { attribute, xmlReader } from './xml-events.js';
import type { SheetPart } from './workbook-parts.js';
import type { ZipArchive } from './zip-archive.js';

/**
 * One worksheet streamed row by row as text cells, what the CSV path reads:
 * shared and inline strings as written, numbers as stored (`1058.83`),
 * booleans as TRUE/FALSE, errors as Excel shows them (`#DIV/0!`). A formula
 * is its cached value, the one Excel saved; nothing is calculated, so a
 * formula Excel never calculated reads as its text (`=SUM(B2:B4)`) and is
 * refused where a number belongs. Dates: a number in the date column, or in
 * a cell whose style shows a date, is a serial day, read exactly in the
 * workbook's date system; the date column's is handed over as a day apart
 * from the text, so a column mixing serials and text dates reads both.
 * Row numbers are the sheet's own (`<row r="12">`), so errors name them.
 */
export const MAX_SHEET_BYTES = 512 * 1024 * 1024;
/** Rows read from one sheet, like the most rows one import queues. */
export const MAX_SHEET_ROWS = 500_000;
/** Columns read (a CSV import maps at most 10,000). */
export const MAX_SHEET_COLUMNS = 10_000;

export interface SheetContext {
  zip: ZipArchive;
  file: string;
  strings: readonly string[];
  dateStyle: DateStyles;
  dateSystem: DateSystem;
}

/** A row: its cells as text, its sheet row number, and the date column's serial day if it was one. */
export type SheetRowHandler = (
  record: string[],
  line: number,
  serial: SerialDay | undefined,
) => boolean | void;

export interface SheetRead {
  rows: number;
  /** Cells holding a formula (their saved values were read). */
  formulas: number;
}

const YYYYMMDD = /^(1[89]|[2-9]\d)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

export async function readSheetRows(
  context: SheetContext,
  sheet: SheetPart,
  dateColumn: number,
  onRow: SheetRowHandler,
): Promise<SheetRead> {
  const { zip, file, strings, dateStyle, dateSystem } = context;
  const read: SheetRead = { rows: 0, formulas: 0 };
  let stopped = false;
  let line = 0;
  let record: string[] = [];
  let serial: SerialDay | undefined;
  // The cell being read.
  let column = -1;
  let type = 'n';
  let style = 0;
  let value = '';
  let formula = '';
  let hasFormula = false;
  let into: 'v' | 'f' | 't' | null = null;
  let inInline = false;

  const tooMany = () =>
    workbookError(
      file,
      `has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows in the sheet "${sheet.name}"; at most that many are read: split it (by well or by year)`,
      `sheet "${sheet.name}" has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows`,
    );

  const endCell = () => {
    let text: string;
    if (type === 's') {
      const index = Number(value);
      text = strings[index] ?? '';
      if (value !== '' && strings[index] === undefined) {
        throw workbookError(
          file,
          `has a cell (${cellName(column, line)} of "${sheet.name}") naming shared text ${value}, which it does not hold; open it in Excel and save it again`,
          `cell ${cellName(column, line)} names a missing shared string`,
        );
      }
    } else if (type === 'inlineStr' || type === 'str' || type === 'e' || type === 'd') {
      text = value;
    } else if (type === 'b') {
      text = value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    } else if (value === '' && hasFormula) {
      text = `=${formula}`;
    } else {
      text = value.trim();
      if (text !== '' && (column === dateColumn || dateStyle(style))) {
        const dateStyled = dateStyle(style);
        if (dateStyled || !YYYYMMDD.test(text)) {
          const day = serialDay(Number(text), dateSystem);
          if (column === dateColumn) serial = day;
          if ('iso' in day) text = day.iso;
        }
      }
    }
    if (text === '') return;
    if (column >= MAX_SHEET_COLUMNS) {
      throw workbookError(
        file,
        `has a value in cell ${cellName(column, line)} of "${sheet.name}", past the ${MAX_SHEET_COLUMNS.toLocaleString('en-US')} columns read`,
        `cell ${cellName(column, line)} is past the last column read`,
      );
    }
    while (record.length < column) record.push('');
    record[column] = text;
  };

  const reader = xmlReader(file, sheet.path, {
    open(name, attributes) {
      switch (name) {
        case 'c': {
          const ref = attribute(attributes, 'r');
          column = ref ? columnOf(ref) : column + 1;
          type = attributes.t ?? 'n';
          style = attributes.s ? Number(attributes.s) : 0;
          value = '';
          formula = '';
          hasFormula = false;
          break;
        }
        case 'v':
          into = 'v';
          break;
        case 'f':
          into = 'f';
          hasFormula = true;
          read.formulas++;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          if (inInline) into = 't';
          break;
        case 'row': {
          const r = attribute(attributes, 'r');
          line = r ? Number(r) : line + 1;
          record = [];
          serial = undefined;
          column = -1;
          break;
        }
        case 'dimension': {
          // The sheet says how far it reaches: a sheet past the cap is refused before it is read.
          const last = /(\d+)$/.exec(attribute(attributes, 'ref') ?? '');
          if (last && Number(last[1]) > MAX_SHEET_ROWS + 1) throw tooMany();
          break;
        }
      }
    },
    text(text) {
      if (into === 'v' || into === 't') value += text;
      else if (into === 'f') formula += text;
    },
    close(name) {
      switch (name) {
        case 'v':
        case 'f':
        case 't':
          into = null;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          endCell();
          break;
        case 'row':
          if (record.length === 0) break;
          if (++read.rows > MAX_SHEET_ROWS) throw tooMany();
          if (onRow(record, line, serial) === false) stopped = true;
          break;
      }
    },
  });
  await zip.stream(sheet.path, MAX_SHEET_BYTES, (text) => {
    reader.write(text);
    return !stopped;
  });
  if (!stopped) reader.end();
  return read;
}

/** `BC12` → 54 (0-based). */
export function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

export function cellName(column: number, line: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `${letters}${line}`;
}
