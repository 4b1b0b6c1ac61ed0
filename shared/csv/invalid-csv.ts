import { looksNumeric } from './numbers.js';

/**
 * CSV text (RFC 4180: comma-separated, CRLF line ends, fields quoted when they
 * hold a comma, a quote or a line break, quotes doubled). Text cells a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) get a leading apostrophe; numbers such as -5 stay numbers.
 */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !looksNumeric(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((row) => `${csvLine(row)}\r\n`).join('');
}
