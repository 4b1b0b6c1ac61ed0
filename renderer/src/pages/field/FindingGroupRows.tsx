import { useState } from 'react';
import type { QualityFindingView } from '#shared/desktop/index.js';
import { formatCount } from '../../shell/format.js';
import { FindingRow } from './FindingRow.js';
import { collapsedSummary } from './minor-summary.js';
import type { FindingGroup, GroupBy } from './queue-rank.js';

/** Rows shown at first and added by "Show more": a group is worked from the top. */
const PAGE = 100;
const COLUMNS = 7;

export interface BulkDismiss {
  keys: string[];
  /** What was dismissed, for the "Undo" line: "Gaps in reporting", "minor of Well-07". */
  label: string;
}

/**
 * One group of the queue as a table body: its heading (counts, bulk dismissal) and its
 * ranked rows. Minor findings stay behind one line ("2,145 minor findings, mostly 1–4
 * day reporting gaps — Show") until asked for, so the serious ones fill the screen.
 */
export function FindingGroupRows({
  group,
  by,
  projectId,
  onDismiss,
  onBulk,
}: {
  group: FindingGroup;
  by: GroupBy;
  projectId: string;
  onDismiss: (finding: QualityFindingView) => void;
  onBulk: (bulk: BulkDismiss) => void;
}) {
  const [minorOpen, setMinorOpen] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const serious = group.findings.filter((f) => f.severity !== 'minor');
  const minor = group.findings.filter((f) => f.severity === 'minor');
  const rows = minorOpen ? group.findings : serious;
  const open = (f: QualityFindingView) => !f.dismissed;
  const openKeys = (list: readonly QualityFindingView[]) => list.filter(open).map((f) => f.key);
  const allKeys = openKeys(group.findings);
  const minorKeys = openKeys(minor);
  return (
    <tbody data-testid="quality-group" data-group={group.id}>
      <tr className="group-row">
        <th colSpan={COLUMNS} scope="rowgroup">
          <span className="group-title">
            <bdi>{group.label}</bdi>
          </span>
          <span className="muted">
            {by === 'severity'
              ? `${formatCount(group.findings.length)}`
              : countsText(group.counts, group.findings.length)}
          </span>
          {by !== 'severity' && allKeys.length > 0 && (
            <span className="group-actions">
              {by === 'well' && minorKeys.length > 0 && minorKeys.length < allKeys.length && (
                <button
                  type="button"
                  className="link-button"
                  data-testid="quality-dismiss-minor"
                  onClick={() => onBulk({ keys: minorKeys, label: `minor of ${group.label}` })}
                >
                  Dismiss {formatCount(minorKeys.length)} minor
                </button>
              )}
              <button
                type="button"
                className="link-button"
                data-testid="quality-dismiss-group"
                onClick={() => onBulk({ keys: allKeys, label: group.label })}
              >
                Dismiss all {formatCount(allKeys.length)}
              </button>
            </span>
          )}
        </th>
      </tr>
      {rows.slice(0, shown).map((finding) => (
        <FindingRow
          key={finding.key}
          finding={finding}
          projectId={projectId}
          onDismiss={onDismiss}
        />
      ))}
      {rows.length > shown && (
        <tr className="more-row">
          <td colSpan={COLUMNS}>
            <button type="button" className="link-button" onClick={() => setShown(shown + PAGE)}>
              Show {formatCount(Math.min(PAGE, rows.length - shown))} more (
              {formatCount(rows.length - shown)} left)
            </button>
          </td>
        </tr>
      )}
      {minor.length > 0 && (
        <tr className="more-row">
          <td colSpan={COLUMNS} data-testid="quality-minor">
            {minorOpen ? (
              <button type="button" className="link-button" onClick={() => setMinorOpen(false)}>
                Hide the {formatCount(minor.length)} minor
              </button>
            ) : (
              <>
                {collapsedSummary(minor, 'minor')} —{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setMinorOpen(true)}
                  data-testid="quality-show-minor"
                >
                  show
                </button>
              </>
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** "2 critical, 5 major, 40 minor" (the severities it has), or the count when all minor. */
function countsText(counts: FindingGroup['counts'], total: number): string {
  const parts = (['critical', 'major', 'minor'] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => `${formatCount(counts[severity])} ${severity}`);
  return parts.length > 0 ? parts.join(', ') : formatCount(total);
}
