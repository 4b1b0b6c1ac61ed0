import type { ImportPreviewResult, ImportSkipReason } from '#shared/desktop/index.js';
import { formatDayRange } from '../sync/dates.js';
import { formatCount } from '../shell/format.js';

/** How the import dialog words counts; pure, so the wording is tested. */

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export interface SummaryItem {
  key: 'new' | 'replaced' | 'invalid' | 'skipped' | 'unmatched';
  label: string;
  count: number;
  tone: 'ok' | 'warn' | 'bad' | 'muted';
}

/** The counts shown above the preview, the zero ones left out (new days always shown). */
export function summaryItems(summary: ImportPreviewResult['summary']): SummaryItem[] {
  const items: SummaryItem[] = [
    {
      key: 'new',
      label: summary.newDays === 1 ? 'new day' : 'new days',
      count: summary.newDays,
      tone: 'ok',
    },
    {
      key: 'replaced',
      label: summary.replacedDays === 1 ? 'day replaced' : 'days replaced',
      count: summary.replacedDays,
      tone: 'warn',
    },
    {
      key: 'invalid',
      label: summary.invalidRows === 1 ? 'invalid row' : 'invalid rows',
      count: summary.invalidRows,
      tone: 'bad',
    },
    {
      key: 'unmatched',
      label: summary.unmatchedRows === 1 ? 'row of an unknown well' : 'rows of unknown wells',
      count: summary.unmatchedRows,
      tone: 'warn',
    },
    {
      key: 'skipped',
      label: summary.skippedLines === 1 ? 'line skipped' : 'lines skipped',
      count: summary.skippedLines,
      tone: 'muted',
    },
  ];
  return items.filter((item) => item.key === 'new' || item.count > 0);
}

/** The commit button: "Import 31 days", or the step it waits for. */
export function commitLabel(
  preview: Pick<ImportPreviewResult, 'blocked' | 'ambiguousDate' | 'summary'>,
): string {
  if (preview.blocked?.reason === 'no-date-column') return 'Map a column to Date';
  if (preview.ambiguousDate) return 'Choose the date format';
  const { validRows } = preview.summary;
  if (validRows === 0) return 'Nothing to import';
  return `Import ${plural(validRows, 'day')}`;
}

/** One sentence for the summary's screen-reader text and the footer. */
export function summarySentence(summary: ImportPreviewResult['summary']): string {
  const parts = [
    `${plural(summary.validRows, 'day')} to import`,
    summary.replacedDays > 0
      ? `${formatCount(summary.replacedDays)} replacing days already here`
      : '',
    summary.invalidRows > 0 ? `${plural(summary.invalidRows, 'invalid row')} left out` : '',
    summary.unmatchedRows > 0
      ? `${plural(summary.unmatchedRows, 'row')} of unknown wells left out`
      : '',
  ].filter(Boolean);
  return `${parts.join(', ')}.`;
}

export const SKIP_REASONS: Record<ImportSkipReason, string> = {
  blank: 'blank line',
  summary: 'total or summary line',
  preamble: 'title line above the header',
  note: 'note line (text alone, not a row)',
};

/** A date span for a well's row: "2025-07-01 – 2025-07-30". */
export function describeSpan(from: string, to: string): string {
  return formatDayRange(from, to);
}

/** "Rows 12 and 40 were left out"-style: lines as a compact list, "…and N more" beyond `max`. */
export function moreText(total: number, shown: number): string | null {
  return total > shown ? `…and ${formatCount(total - shown)} more` : null;
}
