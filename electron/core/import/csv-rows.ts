import { parse } from 'csv-parse';
import type { Delimiter } from '#shared/csv/index.js';
import { csvParseError } from './csv-errors.js';
import { decodeCsvBytes } from './decode.js';
import type { RowHandler, RowSource } from './row-source.js';
import { CSV_OPTIONS, csvHead, newlinesIn } from './sniff.js';

/**
 * A CSV file as rows: decoded to UTF-8, its delimiter found, then read in one
 * streaming csv-parse pass per call (memory holds what the caller keeps, not
 * every cell). Line numbers count the line breaks inside quoted fields, so
 * they stay those of the file.
 */
const CHUNK_BYTES = 1 << 20;

export function csvRowSource(bytes: Buffer, name: string, delimiter?: Delimiter): RowSource {
  const { utf8, encoding } = decodeCsvBytes(bytes, name);
  const head = csvHead(utf8, name, delimiter);
  return {
    encoding,
    delimiter: head.delimiter,
    head,
    workbook: null,
    warnings: [],
    each: (onRow) => eachCsvRow(utf8, head.delimiter, name, onRow),
  };
}

function eachCsvRow(
  utf8: Buffer,
  delimiter: Delimiter,
  name: string,
  onRow: RowHandler,
): Promise<void> {
  let nextLine = 1;
  return new Promise<void>((resolve, reject) => {
    const parser = parse({ ...CSV_OPTIONS, delimiter });
    parser.on('data', (record: string[]) => {
      const line = nextLine;
      nextLine += 1 + newlinesIn(record);
      onRow(record, line);
    });
    parser.on('error', (error) => reject(csvParseError(error, name)));
    parser.on('end', () => resolve());
    for (let offset = 0; offset < utf8.length; offset += CHUNK_BYTES) {
      parser.write(utf8.subarray(offset, offset + CHUNK_BYTES));
    }
    parser.end();
  });
}
