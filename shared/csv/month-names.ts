/**
 * Dates that name their month: `12-Feb-08` and `12-FEB-2008` (Oracle's and
 * Excel's DD-MON-YY, in Norway's Volve data and North Dakota's exports),
 * `12 Feb 2008`, `12FEB2008`, `12.feb.2008`, and the month-first `Feb 12, 2008`
 * or `February 12 2008` of US reports. Months in English, plus the Norwegian
 * spellings that differ (`mai`, `okt`, `des`), as Norwegian spreadsheets write
 * them. Case does not matter.
 */

const MONTHS: Record<string, number> = {};
function months(number: number, ...names: string[]): void {
  for (const name of names) MONTHS[name] = number;
}
months(1, 'jan', 'january', 'januar');
months(2, 'feb', 'february', 'februar');
months(3, 'mar', 'march', 'mars');
months(4, 'apr', 'april');
months(5, 'may', 'mai');
months(6, 'jun', 'june', 'juni');
months(7, 'jul', 'july', 'juli');
months(8, 'aug', 'august');
months(9, 'sep', 'sept', 'september');
months(10, 'oct', 'october', 'okt', 'oktober');
months(11, 'nov', 'november');
months(12, 'dec', 'december', 'des', 'desember');

/** The month a name (or its abbreviation) stands for, 1–12, or undefined. */
export function monthNumber(name: string): number | undefined {
  return MONTHS[name.toLowerCase()];
}

export interface NamedMonthDate {
  day: string;
  month: number;
  year: string;
}

// Day, month name, year: the separators may be dashes, spaces, dots, slashes or none.
const DAY_MONTH_YEAR = /^(\d{1,2})\.?[-\s/]*([A-Za-z]{3,9})\.?[-\s/.,]*(\d{4}|\d{2})$/;
// Month name, day, year: `Feb 12, 2008`, `February 12th 2008`, `Feb-12-08`.
const MONTH_DAY_YEAR =
  /^([A-Za-z]{3,9})\.?[-\s/]*(\d{1,2})(?:st|nd|rd|th)?[-\s/.,]+(\d{4}|\d{2})$/i;

/** `12-Feb-08` → day 12, February, year "08"; null when the text has another shape. */
export function splitDayMonthName(text: string): NamedMonthDate | null {
  const match = DAY_MONTH_YEAR.exec(text);
  if (!match) return null;
  const month = monthNumber(match[2]!);
  return month === undefined ? null : { day: match[1]!, month, year: match[3]! };
}

/** `Feb 12, 2008` → day 12, February, year "2008"; null when the text has another shape. */
export function splitMonthNameDay(text: string): NamedMonthDate | null {
  const match = MONTH_DAY_YEAR.exec(text);
  if (!match) return null;
  const month = monthNumber(match[1]!);
  return month === undefined ? null : { day: match[2]!, month, year: match[3]! };
}
