import { daysFromCivil, isCalendarDate, isoFromEpochDay } from '../dates/iso-day.js';
import { splitDayMonthName, splitMonthNameDay, type NamedMonthDate } from './month-names.js';

/**
 * Dates as production files write them, read into the API's `YYYY-MM-DD`.
 * - `ymd`: 2024-01-31, 2024/01/31, 2024.01.31, 20240131
 * - `mdy`: 01/31/2024, 1/31/24, 01-31-2024 (US; never with dots)
 * - `dmy`: 31/01/2024, 31.01.2024, 31-01-2024 (most of the rest of the world)
 * - `d-mon-y`: 31-Jan-24, 31-JAN-2024, 31 Jan 2024, 31JAN2024 (Oracle, Excel, Volve)
 * - `mon-d-y`: Jan 31, 2024, January 31 2024 (US reports)
 * - `serial`: spreadsheet day numbers (45322 = 2024-01-31), in the 1900 system
 * A time after the date (`2024-01-31 06:00`, `2024-01-31T00:00:00Z`,
 * `1/31/2024 6:00 AM`, `31-Jan-24 00:00:00`, `45322.25`) is dropped: records
 * are daily.
 *
 * Two-digit years: 00–49 are 2000–2049, 50–99 are 1950–1999. That is the rule
 * of Oracle's `RR` years in this half-century (`12-FEB-08` comes from Oracle
 * exports more than from anywhere else), of RFC 5322 and of .NET; it reads the
 * 1950s and 1960s of long production histories as the past, where the
 * spreadsheet rule (30–99 as 1900s) would not reach past 2029.
 */
export const DATE_FORMATS = ['ymd', 'mdy', 'dmy', 'd-mon-y', 'mon-d-y', 'serial'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  ymd: 'YYYY-MM-DD',
  mdy: 'MM/DD/YYYY',
  dmy: 'DD/MM/YYYY',
  'd-mon-y': 'DD-Mon-YYYY',
  'mon-d-y': 'Mon DD, YYYY',
  serial: 'spreadsheet serial number',
};

/** How each format looks, for the person choosing one: 12 February 2008 written that way. */
export const DATE_FORMAT_EXAMPLES: Record<DateFormat, readonly string[]> = {
  ymd: ['2008-02-12', '20080212'],
  mdy: ['02/12/2008', '2/12/08'],
  dmy: ['12/02/2008', '12.02.2008'],
  'd-mon-y': ['12-Feb-08', '12-FEB-2008', '12 Feb 2008'],
  'mon-d-y': ['Feb 12, 2008'],
  serial: ['39490'],
};

interface DateParts {
  a: string;
  b: string;
  c: string;
  separator: string;
}

/** The cell without spaces around it and without a time of day after the date. */
function datePart(cell: string): string {
  const text = cell.trim();
  const time = TIME_OF_DAY.exec(text);
  return time ? text.slice(0, time.index) : text;
}

// A time after a date: `T06:00`, ` 6:00 AM`, ` 00:00:00.000Z`, `T23:00:00-05:00`, ` 06:00 CST`.
const TIME_OF_DAY =
  /(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?|[A-Z]{2,5})?$/;

/** The numeric date split in three, or null when it has no such shape. */
function splitDate(text: string): DateParts | null {
  if (text.length === 8 && /^\d{8}$/.test(text)) {
    return { a: text.slice(0, 4), b: text.slice(4, 6), c: text.slice(6), separator: '' };
  }
  const match = /^(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})$/.exec(text);
  if (!match) return null;
  return { a: match[1]!, b: match[3]!, c: match[4]!, separator: match[2]! };
}

/** A written year as a number; two digits by the rule above, other lengths are no year. */
export function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  if (text.length === 2) return year <= 49 ? 2000 + year : 1900 + year;
  return NaN;
}

function iso(year: number, month: number, day: number): string | null {
  if (!(year >= 1 && year <= 9999)) return null;
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(text) ? text : null;
}

const SERIAL_EPOCH = daysFromCivil(1899, 12, 30);
const MAX_SERIAL = 2_958_465; // 9999-12-31

/**
 * A spreadsheet serial day. The 1900 system counts a 29 February 1900 that
 * never was (serial 60), so days before it are one off from the usual epoch.
 */
function fromSerial(cell: string): string | null {
  const text = cell.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const serial = Math.floor(Number(text));
  if (serial < 1 || serial > MAX_SERIAL || serial === 60) return null;
  const days = serial < 60 ? serial + 1 : serial;
  return isoFromEpochDay(SERIAL_EPOCH + days);
}

/** The cell as `YYYY-MM-DD` read with `format`, or null when it is not a date in that format. */
export function parseDate(cell: string, format: DateFormat): string | null {
  // Most files are ISO already: one check, no splitting.
  if (format === 'ymd' && cell.length === 10 && isCalendarDate(cell)) return cell;
  if (format === 'serial') return fromSerial(cell);
  const text = datePart(cell);
  if (format === 'd-mon-y') return fromNamedMonth(splitDayMonthName(text));
  if (format === 'mon-d-y') return fromNamedMonth(splitMonthNameDay(text));
  const parts = splitDate(text);
  return parts ? fromParts(parts, format) : null;
}

function fromNamedMonth(parts: NamedMonthDate | null): string | null {
  return parts ? iso(fullYear(parts.year), parts.month, Number(parts.day)) : null;
}

function fromParts(parts: DateParts, format: NumericDateFormat): string | null {
  const { a, b, c, separator } = parts;
  if (format === 'ymd') {
    if (a.length !== 4 || c.length > 2) return null;
    return iso(Number(a), Number(b), Number(c));
  }
  if (a.length > 2 || separator === '') return null;
  if (format === 'mdy') {
    if (separator === '.') return null;
    return iso(fullYear(c), Number(a), Number(b));
  }
  return iso(fullYear(c), Number(b), Number(a));
}

type NumericDateFormat = 'ymd' | 'mdy' | 'dmy';
const YMD_ONLY: DateFormat[] = ['ymd'];
const NONE: DateFormat[] = [];
const HAS_LETTER = /[A-Za-z]/;

/** Which formats read the cell (splitting it once, not once per format). */
function formatsReading(cell: string): DateFormat[] {
  if (cell.length === 10 && isCalendarDate(cell)) return YMD_ONLY;
  const text = datePart(cell);
  if (HAS_LETTER.test(text)) {
    if (fromNamedMonth(splitDayMonthName(text)) !== null) return ['d-mon-y'];
    if (fromNamedMonth(splitMonthNameDay(text)) !== null) return ['mon-d-y'];
    return NONE;
  }
  const parts = splitDate(text);
  if (!parts) return fromSerial(text) === null ? NONE : ['serial'];
  const out: DateFormat[] = [];
  if (fromParts(parts, 'ymd') !== null) out.push('ymd');
  if (fromParts(parts, 'mdy') !== null) out.push('mdy');
  if (fromParts(parts, 'dmy') !== null) out.push('dmy');
  return out;
}

/**
 * Counts, over a column's cells, how many each format reads. The file's format
 * is the one that reads every cell any format reads; when two do (every day
 * ≤ 12: MM/DD or DD/MM?) the caller must choose.
 */
export class DateFormatTally {
  private readonly counts: Record<DateFormat, number> = {
    ymd: 0,
    mdy: 0,
    dmy: 0,
    'd-mon-y': 0,
    'mon-d-y': 0,
    serial: 0,
  };
  /** Cells read by at least one format. */
  private readable = 0;
  readonly samples: string[] = [];

  add(cell: string): void {
    const formats = formatsReading(cell);
    for (const format of formats) this.counts[format]++;
    if (formats.length > 0) {
      this.readable++;
      if (this.samples.length < 5 && !this.samples.includes(cell)) this.samples.push(cell);
    }
  }

  /**
   * `format`: the one to use (null: no cell is a date). `candidates`: more than
   * one when the cells cannot tell them apart. When no format reads every
   * cell (a file mixing formats), the one reading most wins; the rest are
   * reported as unparseable dates.
   */
  result(): { format: DateFormat | null; candidates: DateFormat[] } {
    if (this.readable === 0) return { format: null, candidates: [] };
    const complete = DATE_FORMATS.filter((format) => this.counts[format] === this.readable);
    if (complete.length === 1) return { format: complete[0]!, candidates: complete };
    if (complete.length > 1) return { format: null, candidates: complete };
    const best = [...DATE_FORMATS].sort((x, y) => this.counts[y] - this.counts[x])[0]!;
    return { format: best, candidates: [best] };
  }
}

/** True when most of the non-empty cells read as dates in some non-serial format. */
export function looksLikeDateColumn(cells: readonly string[]): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '');
  if (filled.length === 0) return false;
  const dates = filled.filter((cell) => formatsReading(cell).some((format) => format !== 'serial'));
  return dates.length >= Math.max(1, filled.length * 0.8);
}
