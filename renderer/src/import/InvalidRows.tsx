import type { ImportPreviewResult } from '#shared/desktop/index.js';
import { formatCount } from '../shell/format.js';
import { moreText, plural, SKIP_REASONS } from './summary-text.js';

/** Shown in the dialog; the full list is in the invalid-rows export. */
export const SHOWN_INVALID_ROWS = 200;
const SHOWN_SKIPPED = 50;

/** Every invalid row (up to a cap) with its line and reasons; skipped lines folded away. */
export function InvalidRows({ preview }: { preview: ImportPreviewResult }) {
  const total = preview.summary.invalidRows;
  const shown = preview.invalid.slice(0, SHOWN_INVALID_ROWS);
  const more = moreText(total, shown.length);
  return (
    <>
      {total > 0 && (
        <div className="import-invalid">
          <h4 className="import-subtitle">
            {plural(total, 'invalid row')} <span className="muted">— not imported</span>
          </h4>
          <ul className="import-invalid-list" data-testid="import-invalid-list">
            {shown.map((row) => (
              <li key={row.line} data-testid="import-invalid-row" data-line={row.line}>
                <span className="import-line">Line {formatCount(row.line)}</span>
                <span className="import-reasons">
                  {row.well && <span className="import-invalid-well">{row.well}: </span>}
                  {row.problems.map((problem) => problem.message).join('; ')}
                </span>
              </li>
            ))}
            {more && (
              <li className="import-more muted" data-testid="import-invalid-more">
                {more} — export the invalid rows for the full list.
              </li>
            )}
          </ul>
        </div>
      )}
      {preview.skipped.length > 0 && (
        <details className="import-skipped">
          <summary>
            {plural(preview.summary.skippedLines, 'line')} skipped (blank, title or total lines)
          </summary>
          <ul>
            {preview.skipped.slice(0, SHOWN_SKIPPED).map((line) => (
              <li key={line.line}>
                <span className="import-line">Line {formatCount(line.line)}</span>
                <span className="muted">{SKIP_REASONS[line.reason]}</span>
                {line.text && <span className="mono import-skipped-text">{line.text}</span>}
              </li>
            ))}
            {moreText(
              preview.summary.skippedLines,
              Math.min(SHOWN_SKIPPED, preview.skipped.length),
            ) && (
              <li className="muted">
                {moreText(
                  preview.summary.skippedLines,
                  Math.min(SHOWN_SKIPPED, preview.skipped.length),
                )}
              </li>
            )}
          </ul>
        </details>
      )}
    </>
  );
}
