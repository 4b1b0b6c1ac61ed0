import { CsvError } from 'csv-parse';
import { CoreError } from '#shared/desktop/index.js';

/** csv-parse's failures (an unclosed quote, …) in words naming the line. */
export function csvParseError(error: unknown, name: string): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line === undefined ? '' : ` on line ${line}`;
  const reason =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `a quoted field is never closed (a missing " after line ${line ?? '?'})`
      : error.code === 'CSV_MAX_RECORD_SIZE'
        ? 'a row is too long'
        : error.message;
  return new CoreError('validation', `The file "${name}" is not valid CSV${where}: ${reason}.`, {
    issues: [{ path: line === undefined ? 'source' : `lines[${line}]`, message: reason }],
  });
}
