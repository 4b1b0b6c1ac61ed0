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
