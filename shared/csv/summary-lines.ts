/**
 * Spreadsheet summary rows ("Total", "Average:", "Grand total", "Sum", …):
 * recognised by the label in the date cell (or the row's first cell) and
 * skipped, reported as skipped rather than invalid: they are not records.
 */
const LABELS = new Set([
  'total',
  'totals',
  'grand total',
  'subtotal',
  'sub total',
  'sum',
  'average',
  'avg',
  'mean',
  'min',
  'minimum',
  'max',
  'maximum',
  'count',
  'cumulative',
  'cum',
  'monthly total',
  'month total',
  'total production',
]);

export function isSummaryLabel(cell: string): boolean {
  // Called for every row: a date or a number is never a label.
  const first = cell.charCodeAt(0);
  if (cell.length === 0 || (first >= 48 && first <= 57)) return false;
  const text = cell
    .trim()
    .toLowerCase()
    .replace(/[:.*]+$/, '')
    .replace(/\s+/g, ' ');
  if (LABELS.has(text)) return true;
  // "Total 2024", "Total for January", "Average (Jan)"
  return /^(total|totals|sum|average|avg|mean|subtotal)\b/.test(text);
}

/**
 * A line of text alone below or among the rows: "6 rows selected." under an
 * Oracle spool, "Source: NDIC" or "* allocated volumes" under a report. Its one
 * filled cell holds a letter and is not the row's date; it is not a record.
 * `isDate` says whether a cell reads as a date (the date column's one cell of
 * a day without values is a record).
 */
export function isNoteLine(
  record: readonly string[],
  dateColumn: number,
  isDate: (cell: string) => boolean,
): boolean {
  let filled = -1;
  for (let i = 0; i < record.length; i++) {
    if (record[i]!.trim() === '') continue;
    if (filled >= 0) return false; // a second filled cell: a row
    filled = i;
  }
  if (filled < 0) return false;
  const cell = record[filled]!.trim();
  if (!/[A-Za-z]/.test(cell)) return false;
  return filled !== dateColumn || !isDate(cell);
}
