import { Link } from 'wouter';
import type { QualityFindingView } from '#shared/desktop/index.js';
import type { QualityRuleId } from '#shared/quality/index.js';
import { editHref } from '../../sync/outbox-groups.js';
import { gridRange } from './queue-model.js';
import { SEVERITY_LABELS } from './queue-rank.js';
import { stakeText } from './stake-text.js';

/** The rule in a word or two, for a row's narrow column (the filter names them in full). */
const RULE_SHORT: Record<QualityRuleId, string> = {
  'reporting-gap': 'Gap',
  'flat-line': 'Flat line',
  spike: 'Spike or drop',
  'ratio-jump': 'GOR/WC jump',
  'before-spud': 'Before spud',
  'runtime-mismatch': 'Runtime',
  implausible: 'Implausible',
};

/**
 * One finding as one table row: a queue of thousands is scanned down a column, so the
 * reason is one line (whole on hover and to screen readers) and the actions are links.
 */
export function FindingRow({
  finding,
  projectId,
  onDismiss,
}: {
  finding: QualityFindingView;
  projectId: string;
  onDismiss: (finding: QualityFindingView) => void;
}) {
  return (
    <tr
      className={finding.dismissed ? 'finding-dismissed' : undefined}
      data-testid="quality-finding"
      data-rule={finding.rule}
      data-well={finding.wellName}
      data-from={finding.from}
      data-severity={finding.severity}
    >
      <td>
        <span className={`severity severity-${finding.severity}`}>
          {SEVERITY_LABELS[finding.severity]}
        </span>
      </td>
      <td className="cut">
        <bdi>{finding.wellName}</bdi>
      </td>
      <td className="cut">{RULE_SHORT[finding.rule]}</td>
      <td className="mono">
        {finding.from === finding.to ? finding.from : `${finding.from}–${finding.to}`}
      </td>
      <td className="num">{stakeText(finding.atStake)}</td>
      <td className="cut" title={finding.reason}>
        {finding.reason}
      </td>
      <td className="finding-actions">
        <Link
          href={editHref({ projectId, wellId: finding.wellId, range: gridRange(finding) })}
          data-testid="quality-open"
        >
          Open records
        </Link>
        <button
          type="button"
          className="link-button"
          onClick={() => onDismiss(finding)}
          data-testid="quality-dismiss"
        >
          {finding.dismissed ? 'Restore' : 'Dismiss'}
        </button>
      </td>
    </tr>
  );
}
