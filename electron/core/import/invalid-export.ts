import { parse } from 'csv-parse';
import { csvLine } from '../../../shared/csv/index.js';
import type { ImportInvalidCsvResult } from '../../../shared/desktop/index.js';
import { csvParseError } from './csv-errors.js';
import { decodeCsvBytes } from './decode.js';
import type { PreparedImport } from './import-store.js';
import { rereadFile } from './read-source.js';
import { CSV_OPTIONS, newlinesIn } from './sniff.js';

/**
 * import-invalid-csv: the invalid rows as the file had them, each followed by
 * its line number and reasons, under the file's header row — to fix in a
 * spreadsheet and import again. The file is read again (the preview kept
 * only values), so its cells come out exactly as written.
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
  const { utf8 } = decodeCsvBytes(bytes, source.name);
  const lines: string[] = [`${csvLine([...prepared.headers, 'Line', 'Problems'])}\r\n`];
  await new Promise<void>((resolve, reject) => {
    const parser = parse({ ...CSV_OPTIONS, delimiter: plan.delimiter });
    let nextLine = 1;
    parser.on('data', (record: string[]) => {
      const line = nextLine;
      nextLine += 1 + newlinesIn(record);
      const reason = reasons.get(line);
      if (reason === undefined) return;
      const cells = [...record];
      while (cells.length < prepared.headers.length) cells.push('');
      lines.push(`${csvLine([...cells, String(line), reason])}\r\n`);
    });
    parser.on('error', (error) => reject(csvParseError(error, source.name)));
    parser.on('end', () => resolve());
    parser.end(utf8);
  });
  return {
    fileName: `${source.name.replace(/\.[^.]*$/, '')}-invalid.csv`,
    csv: lines.join(''),
    rows: lines.length - 1,
  };
}
