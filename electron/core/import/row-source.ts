import type { Delimiter } from '#shared/csv/index.js';
import type { ImportWorkbook } from '#shared/desktop/index.js';
import type { TextEncoding } from './decode.js';
import type { SerialDay } from './xlsx/serial-date.js';

/**
 * What the import reads a file as, whatever its format: rows of text cells
 * with their line numbers (a CSV file's lines, a sheet's row numbers). The
 * shape, the mapping, the parse, the checks and the invalid-rows export all
 * work on this, so a CSV file and an Excel sheet are imported by one path.
 */
export type RowHandler = (record: string[], line: number, serial?: SerialDay) => void;

export interface RowSource {
  encoding: TextEncoding;
  /** A CSV file's delimiter (a workbook's rows have none: reported as a comma). */
  delimiter: Delimiter;
  /** The first rows, for the header and the detection; at most HEAD_ROWS. */
  head: { records: string[][]; lines: number[] };
  /** The workbook's sheets and the one read; null for a text file. */
  workbook: ImportWorkbook | null;
  /** What the file holds that was left alone (a workbook's macros, links, formulas). */
  warnings: string[];
  /**
   * Every row in order, once per call. A workbook's numbers in `dateColumn` come as serial days
   * (`serial`), read exactly, beside their text.
   */
  each(onRow: RowHandler, dateColumn: number): Promise<void>;
}

/** Rows looked at before the full pass (the header search, samples, decimal separator). */
export const HEAD_ROWS = 500;
