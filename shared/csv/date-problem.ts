import {
  DATE_FORMAT_EXAMPLES,
  DATE_FORMAT_LABELS,
  DATE_FORMATS,
  type DateFormat,
} from './dates.js';

/**
 * Why a date cell was not read, in words a person can act on: the format the
 * file was read in and how a date looks in it, or, when no cell of the column
 * read as a date at all, every format we know.
 */
export function unreadableDateReason(cell: string, format: DateFormat | null): string {
  if (format === null) {
    const known = DATE_FORMATS.map((each) => DATE_FORMAT_LABELS[each]).join('; ');
    return `"${cell}" is not a date in any format we read (${known}); choose the date column or its format`;
  }
  return `"${cell}" is not a real date written as ${DATE_FORMAT_LABELS[format]} (such as ${DATE_FORMAT_EXAMPLES[format].join(', ')})`;
}
