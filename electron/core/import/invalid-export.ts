import { csvLine } from '#shared/csv/index.js';
import type { ImportInvalidCsvResult } from '#shared/desktop/index.js';
import type { PreparedImport } from './import-store.js';
import { rereadFile } from './read-source.js';
import { openRows } from './open-rows.js';

/**
 * import-invalid-csv: the invalid rows as the file had them, each followed by
 * its line number and reasons, under the file's header row — to fix in a
 * spreadsheet and import again. The file is read again (the preview kept
 * only values), so its cells come out as written (a workbook's as text).
 */
export async function invalidRowsCsv(prepared: PreparedImport): Promise<ImportInvalidCsvResult> {
  const { source, final, plan } = prepared;
  const reasons = new Map(
    final.invalid.map((row) => [
      row.line,
      row.problems.map((problem) => problem.message).join('; '),
    ]),
  );
  const bytes = source.file ? await rereadFile(source.file) : source.text!;
  const rows = await openRows(bytes, source.name, {
    delimiter: plan.delimiter,
    ...(source.sheet !== undefined ? { sheet: source.sheet } : {}),
  });
  const lines: string[] = [`${csvLine([...prepared.headers, 'Line', 'Problems'])}\r\n`];
  // A workbook's date column comes out as ISO days (its serials read), which imports again as is.
  await rows.each((record, line) => {
    const reason = reasons.get(line);
    if (reason === undefined) return;
    const cells = [...record];
    while (cells.length < prepared.headers.length) cells.push('');
    lines.push(`${csvLine([...cells, String(line), reason])}\r\n`);
  }, plan.dateColumn);
  return {
    fileName: `${source.name.replace(/\.[^.]*$/, '')}-invalid.csv`,
    csv: lines.join(''),
    rows: lines.length - 1,
  };
}
