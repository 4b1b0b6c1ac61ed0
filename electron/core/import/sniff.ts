import { parse } from 'csv-parse/sync';
import {
  detectDecimalSeparator,
  detectDelimiter,
  findHeaderRow,
  type DecimalSeparator,
  type Delimiter,
} from '#shared/csv/index.js';
import { csvParseError } from './csv-errors.js';
import { HEAD_ROWS } from './row-source.js';

/**
 * A look at the top of the file before the full pass: the delimiter, the
 * header row (title lines above it are skipped) and a sample of data rows for
 * the decimal separator and for finding a date column by its contents.
 */
export interface FileShape {
  delimiter: Delimiter;
  /** 1-based line of the header row. */
  headerLine: number;
  headers: string[];
  /** The first data rows (for detection only). */
  sample: string[][];
}

const SNIFF_BYTES = 64 * 1024;
const HEADER_SEARCH_ROWS = 50;

export const CSV_OPTIONS = {
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: false,
} as const;

/** The top of a CSV file as records with their line numbers, and its delimiter. */
export function csvHead(
  utf8: Buffer,
  name: string,
  delimiter?: Delimiter,
): { delimiter: Delimiter; records: string[][]; lines: number[] } {
  const head = utf8.subarray(0, SNIFF_BYTES).toString('utf8');
  const lines = head.split(/\r\n|\n|\r/);
  if (utf8.length > SNIFF_BYTES) lines.pop(); // probably cut in the middle
  const chosen = delimiter ?? detectDelimiter(lines);
  let records: string[][];
  try {
    records = parse(utf8, {
      ...CSV_OPTIONS,
      delimiter: chosen,
      to_line: HEAD_ROWS,
    }) as string[][];
  } catch (error) {
    throw csvParseError(error, name);
  }
  // Line numbers of the records (a quoted field may span lines).
  const recordLines: number[] = [];
  let line = 1;
  for (const record of records) {
    recordLines.push(line);
    line += 1 + newlinesIn(record);
  }
  return { delimiter: chosen, records, lines: recordLines };
}

/** The header row (title lines above it skipped) and the sample below it, from the first rows. */
export function sniffShape(
  head: { records: string[][]; lines: number[] },
  delimiter: Delimiter,
): FileShape {
  const { records } = head;
  const candidates = records.slice(0, HEADER_SEARCH_ROWS);
  let headerRow = findHeaderRow(candidates);
  if (headerRow < 0) headerRow = candidates.findIndex((record) => !isBlankRecord(record));
  if (headerRow < 0) headerRow = 0;
  const headers = (records[headerRow] ?? []).map((cell) => cell.trim());
  return {
    delimiter,
    headerLine: head.lines[headerRow] ?? 1,
    headers,
    sample: records.slice(headerRow + 1).filter((record) => !isBlankRecord(record)),
  };
}

export function sampleDecimalSeparator(
  shape: FileShape,
  numericColumns: readonly number[],
): DecimalSeparator {
  const cells: string[] = [];
  for (const record of shape.sample)
    for (const column of numericColumns) cells.push(record[column] ?? '');
  return detectDecimalSeparator(cells, shape.delimiter);
}

export function isBlankRecord(record: readonly string[]): boolean {
  for (const cell of record) if (cell.trim() !== '') return false;
  return true;
}

/** Line breaks inside a record's quoted fields, so line numbers stay those of the file. */
export function newlinesIn(record: readonly string[]): number {
  let count = 0;
  for (const cell of record) {
    if (cell.length === 0 || (cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0)) continue;
    for (let i = 0; i < cell.length; i++) {
      const code = cell.charCodeAt(i);
      if (code === 10 || (code === 13 && cell.charCodeAt(i + 1) !== 10)) count++;
    }
  }
  return count;
}
