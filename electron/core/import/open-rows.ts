import { CoreError, type ImportPreviewArgs } from '#shared/desktop/index.js';
import { csvRowSource } from './csv-rows.js';
import type { RowSource } from './row-source.js';
import { isZip, workbookRowSource } from './xlsx/workbook-source.js';

/**
 * A file's bytes as rows: a ZIP container is read as an Excel workbook
 * (.xlsx, .xlsm), anything else as CSV text (which refuses binary files and
 * the old .xls format by name).
 */
export function openRows(
  bytes: Buffer,
  name: string,
  reading: Pick<ImportPreviewArgs, 'delimiter' | 'sheet'>,
): Promise<RowSource> {
  if (isZip(bytes)) return workbookRowSource(bytes, name, reading.sheet);
  if (reading.sheet !== undefined) {
    throw new CoreError(
      'validation',
      `"${name}" is a text file, not a workbook: it has no sheet "${reading.sheet}".`,
      { issues: [{ path: 'sheet', message: 'is only for Excel workbooks' }] },
    );
  }
  return Promise.resolve(csvRowSource(bytes, name, reading.delimiter));
}
