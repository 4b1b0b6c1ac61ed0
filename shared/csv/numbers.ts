/**
 * Numbers as spreadsheets and SCADA systems write them: `1234.5`, `1,234.5`,
 * `1234,5` and `1.234,5` (decimal comma), `1 234,5`, `1e3`, and a few ways of
 * saying "no value". The decimal separator is decided once per file
 * (detectDecimalSeparator), never per cell: `1,234` means one thing in a file.
 */

export type DecimalSeparator = '.' | ',';
export const DECIMAL_SEPARATORS = ['.', ','] as const;

/** Cells that mean "no value" rather than "not a number". */
const BLANKS = new Set(['', '-', '--', '—', 'n/a', 'na', 'null', 'none', 'nan', '#n/a']);

const PLAIN_DOT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const GROUPED_DOT = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN_COMMA = /^[+-]?(?:\d+,?\d*|,\d+)(?:[eE][+-]?\d+)?$/;
const GROUPED_COMMA = /^[+-]?\d{1,3}(?:[. \u00a0\u202f']\d{3})+(?:,\d*)?$/;
const GROUP_MARKS = /[. \u00a0\u202f']/g;

/**
 * The cell's number, `null` for an empty cell (or "N/A", "-", …), or NaN when
 * the cell holds something that is not a number. A trailing `%` is accepted
 * when `percent` is set (watercut columns).
 */
export function parseNumber(
  cell: string,
  decimal: DecimalSeparator,
  percent = false,
): number | null {
  let text = cell;
  // Trimming allocates; most cells have nothing to trim.
  if (text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32)) {
    text = text.trim();
  }
  if (text.length === 0) return null;
  if (decimal === '.') {
    if (PLAIN_DOT.test(text)) return Number(text);
  } else if (PLAIN_COMMA.test(text)) {
    return Number(text.replace(',', '.'));
  }
  if (BLANKS.has(text.toLowerCase())) return null;
  if (percent && text.endsWith('%')) {
    const value = parseNumber(text.slice(0, -1), decimal);
    return value === null ? NaN : value;
  }
  if (decimal === '.') {
    if (GROUPED_DOT.test(text)) return Number(text.replace(/,/g, ''));
  } else if (GROUPED_COMMA.test(text)) {
    return Number(text.replace(GROUP_MARKS, '').replace(',', '.'));
  }
  return NaN;
}

/** True when the cell reads as a number under either separator (for formula neutralising). */
export function looksNumeric(cell: string): boolean {
  const text = cell.trim();
  return text !== '' && (PLAIN_DOT.test(text) || PLAIN_COMMA.test(text));
}

const DOT_DECIMAL = /^[+-]?\d*\.(?:\d{1,2}|\d{4,})$/; // 1.5, 12.25, 0.12345: not a thousands group
const COMMA_DECIMAL = /^[+-]?\d*,(?:\d{1,2}|\d{4,})$/;
const BOTH_DOT_LAST = /,\d{3}\.\d*$/; // 1,234.5
const BOTH_COMMA_LAST = /\.\d{3},\d*$/; // 1.234,5

/**
 * The file's decimal separator from a sample of its numeric cells. Cells that
 * can only be read one way decide (1,5 / 1.234,5 / 1.25). When none do (all
 * integers, or only `1,234`), `1,234` is a thousands group in a comma-delimited
 * file (it had to be quoted, as US spreadsheets do) and a decimal comma in a
 * semicolon- or tab-delimited one (the European convention).
 */
export function detectDecimalSeparator(
  cells: Iterable<string>,
  delimiter: string,
): DecimalSeparator {
  let dot = 0;
  let comma = 0;
  let ambiguousComma = 0;
  for (const raw of cells) {
    const cell = raw.trim();
    if (cell === '') continue;
    if (BOTH_DOT_LAST.test(cell) || DOT_DECIMAL.test(cell)) dot++;
    else if (BOTH_COMMA_LAST.test(cell) || COMMA_DECIMAL.test(cell)) comma++;
    else if (/^[+-]?\d{1,3},\d{3}$/.test(cell)) ambiguousComma++;
    else if (/^[+-]?\d+\.\d{3}$/.test(cell)) dot++; // 1.234 read as 1.234 unless commas say otherwise
  }
  if (comma > dot) return ',';
  if (dot > 0) return '.';
  return ambiguousComma > 0 && delimiter !== ',' ? ',' : '.';
}
