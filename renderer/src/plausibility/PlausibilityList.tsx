import type { PlausibilityWarning } from '#shared/production/index.js';
import './plausibility.css';

const SHOWN = 12;

/**
 * Values that the API accepts but look wrong, each with its day and reason (and, for an
 * import, the file's line). Shared by the grid's question and the import preview.
 */
export function PlausibilityList<Warning extends PlausibilityWarning>({
  warnings,
  lineOf,
}: {
  warnings: readonly Warning[];
  lineOf?: (warning: Warning) => number;
}) {
  return (
    <ul className="plausibility-list" data-testid="plausibility-list">
      {warnings.slice(0, SHOWN).map((warning, index) => {
        const line = lineOf?.(warning);
        return (
          <li key={index} data-date={warning.date} data-field={warning.field}>
            {line !== undefined && (
              <span className="plausibility-line">Line {line.toLocaleString('en-US')}</span>
            )}
            <span className="mono">{warning.date}</span> {warning.message}
          </li>
        );
      })}
      {warnings.length > SHOWN && (
        <li className="muted">…and {(warnings.length - SHOWN).toLocaleString('en-US')} more</li>
      )}
    </ul>
  );
}
