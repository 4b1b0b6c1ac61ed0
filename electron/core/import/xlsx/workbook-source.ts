import { CoreError, type ImportSheet } from '#shared/desktop/index.js';
import { HEAD_ROWS, type RowSource } from '../row-source.js';
import { readDateStyles } from './cell-styles.js';
import { readSharedStrings } from './shared-strings.js';
import { readSheetRows, type SheetContext } from './sheet-rows.js';
import { readWorkbookParts, type SheetPart } from './workbook-parts.js';
import { workbookError } from './workbook-error.js';
import { openZip } from './zip-archive.js';

/**
 * An Excel workbook (.xlsx, .xlsm) as rows: its parts listed from the ZIP's
 * central directory, the shared strings, the styles that show dates and the
 * date system read, every sheet peeked at to say whether it holds data, then
 * the chosen sheet (by name, else the first visible one with data) streamed.
 */
export function isZip(bytes: Buffer): boolean {
  // A local file header, or the end record of an empty archive.
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

export async function workbookRowSource(
  bytes: Buffer,
  name: string,
  sheetName: string | undefined,
): Promise<RowSource> {
  const zip = await openZip(bytes, name);
  const parts = await readWorkbookParts(zip, name);
  const context: SheetContext = {
    zip,
    file: name,
    strings: await readSharedStrings(zip, name, parts.sharedStrings),
    dateStyle: await readDateStyles(zip, name, parts.styles),
    dateSystem: parts.dateSystem,
  };
  const sheets: ImportSheet[] = [];
  for (const sheet of parts.sheets) {
    sheets.push({ name: sheet.name, hidden: sheet.hidden, hasData: await hasData(context, sheet) });
  }
  const chosen = chooseSheet(parts.sheets, sheets, sheetName, name);
  const head: RowSource['head'] = { records: [], lines: [] };
  await readSheetRows(context, chosen, -1, (record, line) => {
    head.records.push(record);
    head.lines.push(line);
    return head.records.length < HEAD_ROWS;
  });
  head.records.length = Math.min(head.records.length, HEAD_ROWS);
  head.lines.length = head.records.length;
  if (head.records.length === 0) {
    throw workbookError(
      name,
      `has nothing in the sheet "${chosen.name}"${
        sheets.some((s) => s.hasData)
          ? `; choose a sheet with data (${sheets
              .filter((s) => s.hasData)
              .map((s) => `"${s.name}"`)
              .join(', ')})`
          : ''
      }`,
      `sheet "${chosen.name}" is empty`,
    );
  }
  const warnings = [...parts.notes];
  return {
    encoding: 'utf-8',
    delimiter: ',',
    head,
    workbook: { sheets, sheet: chosen.name, dateSystem: parts.dateSystem },
    warnings,
    async each(onRow, dateColumn) {
      const read = await readSheetRows(context, chosen, dateColumn, (record, line, serial) => {
        onRow(record, line, serial);
      });
      if (read.formulas > 0) {
        warnings.push(
          `${read.formulas.toLocaleString('en-US')} cell${read.formulas === 1 ? ' holds a formula' : 's hold formulas'}: read as the value${read.formulas === 1 ? '' : 's'} Excel last saved, never calculated here.`,
        );
      }
    },
  };
}

/** A header and one row of values at least. */
async function hasData(context: SheetContext, sheet: SheetPart): Promise<boolean> {
  let rows = 0;
  await readSheetRows(context, sheet, -1, () => ++rows < 2);
  return rows >= 2;
}

function chooseSheet(
  parts: readonly SheetPart[],
  sheets: readonly ImportSheet[],
  wanted: string | undefined,
  file: string,
): SheetPart {
  if (wanted !== undefined) {
    const named = parts.find((part) => part.name === wanted);
    if (!named) {
      throw new CoreError(
        'validation',
        `The workbook "${file}" has no sheet "${wanted}"; its sheets are ${parts.map((part) => `"${part.name}"`).join(', ')}.`,
        { issues: [{ path: 'sheet', message: `is not a sheet of the workbook` }] },
      );
    }
    return named;
  }
  const index =
    [
      sheets.findIndex((sheet) => sheet.hasData && !sheet.hidden),
      sheets.findIndex((sheet) => sheet.hasData),
    ].find((i) => i >= 0) ?? 0;
  return parts[index]!;
}
