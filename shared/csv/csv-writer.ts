import { looksNumeric } from './numbers.js';

/**
 * The app's one CSV writer: every file Flowline writes (a well's export, the rows an import
 * found invalid, a rejected change) goes through it, so quoting and formula neutralising
 * follow one rule.
 *
 * RFC 4180: comma-separated by default (`;` and tab are the other separators a writer may
 * choose), CRLF line ends, quotes doubled. A field is quoted when it holds a quote, a line
 * break or any of the three separators, so a reader splitting on another separator than the
 * file's keeps it whole when it honours quotes.
 *
 * Formula neutralising: a spreadsheet runs a cell as a formula when it starts with = + - @
 * (also past white space, or inside quotes), and trims a leading tab or carriage return
 * before it looks. Readers do not agree on the separator: Excel with a European list
 * separator splits a comma file at `;`, a paste splits at tabs, and a cell that starts mid-
 * field for such a reader is not protected by quotes it never sees. So every place some
 * reader may start a cell — the field's start and just after each `,` `;` tab or line break
 * inside it — gets an apostrophe (spreadsheets read it as "text, not a formula") when what
 * follows, past white space and quotes, is a formula start.
 *
 * Numbers stay numbers (-5, +1.5 are not defused) only where every reader sees exactly that
 * number, so a number that opens its row is always defused: a reader splitting at another
 * separator reads it on into the next fields ("-5,1+SUM(1)"), or reads it as the rest of a
 * quoted cell an earlier row opened for it. A mid-field start runs on past the field's end,
 * so those are always defused too. In a tab file a number is also defused unless the field
 * before it ends, past white space and quotes, in an ordinary character: otherwise a reader
 * splitting at `;` may start a cell (or open a quoted one) there and look past the tab
 * (`"a;"<tab>+1` is the cell `<tab>+1…` to it).
 */
export type CsvValue = string | number | null;
export type CsvSeparator = ',' | ';' | '\t';
export const CSV_SEPARATORS: readonly CsvSeparator[] = [',', ';', '\t'];

/** Where some reader starts a new cell: any separator, or a line break. */
const CELL_BREAK = /[,;\t\r\n]/g;
/** What a spreadsheet looks past before deciding a cell is a formula. */
const LEADING_NOISE = /^[\s"\u200B-\u200D\u2060\uFEFF]*/;
const FORMULA_START = /^[=+\-@]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** True when what a reader sees from `start` would run as a formula. */
function startsFormula(text: string, start: number, end: number, numberAllowed: boolean): boolean {
  const cell = text.slice(start, end);
  const rest = cell.slice(LEADING_NOISE.exec(cell)![0].length);
  return FORMULA_START.test(rest) && !(numberAllowed && looksNumeric(cell));
}

/**
 * `text` with an apostrophe wherever a reader would start a cell that runs as a formula.
 * `guardNumbers`: some reader may read this field as part of a longer cell (it opens its
 * row, or follows a field that could open a quoted cell), so a plain number is defused too.
 */
export function neutraliseFormulas(text: string, guardNumbers = false): string {
  const starts = [0];
  for (const match of text.matchAll(CELL_BREAK)) starts.push(match.index + 1);
  // A field with no break and no quote is a whole cell to every reader.
  const numberAllowed = !guardNumbers && starts.length === 1 && !text.includes('"');
  let out = '';
  let from = 0;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
    // A tab or carriage return at the very start is trimmed by spreadsheets before they
    // look for a formula, whatever follows it.
    const leadingTrimmed = start === 0 && /^[\t\r]/.test(text);
    if (leadingTrimmed || startsFormula(text, start, end, numberAllowed)) {
      out += `${text.slice(from, start)}'`;
      from = start;
    }
  }
  return out + text.slice(from);
}

/** One field, quoted and defused; `guardNumbers` as for `neutraliseFormulas`. */
export function csvCell(value: CsvValue, guardNumbers = false): string {
  if (value === null) return '';
  if (typeof value === 'number' && !(guardNumbers && value < 0)) return String(value);
  const text = neutraliseFormulas(String(value), guardNumbers);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a reader looks past at a field's end, short of a line break (which starts a cell). */
const TRAILING_NOISE = /(?:[^\S\r\n]|["\u200B-\u200D\u2060\uFEFF])*$/;
/** Where some reader starts a cell: a separator, `|`, or a line break. */
const CELL_START_BEFORE = /(^|[,;|\r\n])$/;

/** True when a reader may start a cell in `field`'s trailing noise and read on past a tab. */
function endsOpen(field: string): boolean {
  return CELL_START_BEFORE.test(field.replace(TRAILING_NOISE, ''));
}

export function csvLine(cells: readonly CsvValue[], separator: CsvSeparator = ','): string {
  const written: string[] = [];
  cells.forEach((cell, index) => {
    const afterOpenEnd = index > 0 && separator === '\t' && endsOpen(written[index - 1]!);
    written.push(csvCell(cell, index === 0 || afterOpenEnd));
  });
  return written.join(separator);
}

export function csvText(
  rows: ReadonlyArray<readonly CsvValue[]>,
  separator: CsvSeparator = ',',
): string {
  return rows.map((row) => `${csvLine(row, separator)}\r\n`).join('');
}
