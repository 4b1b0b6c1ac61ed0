import { looksNumeric } from './numbers.js';

/**
 * The app's one CSV writer: every file Flowline writes (a well's export, the rows an import
 * found invalid, a rejected change) goes through it, so quoting and formula neutralising
 * follow one rule.
 *
 * RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, a quote or
 * a line break, quotes doubled. A text cell a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return) gets a leading apostrophe, unless it reads as a
 * number (-5, +1.5, -1,5): those stay numbers.
 */
export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) && !looksNumeric(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

export function csvText(rows: ReadonlyArray<readonly CsvValue[]>): string {
  return rows.map((row) => `${csvLine(row)}\r\n`).join('');
}
