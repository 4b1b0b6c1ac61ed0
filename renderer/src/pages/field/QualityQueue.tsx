import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type {
  QualityFindingView,
  QualityProgress,
  QualityScanResult,
} from '#shared/desktop/index.js';
import { QUALITY_RULE_LABELS, QUALITY_RULES } from '#shared/quality/types.js';
import { bridge, send } from '../../bridge/bridge.js';
import { qualityQueries } from '../../queries/keys.js';
import { formatCount, formatTime } from '../../shell/format.js';
import { NameList } from '../../shell/NameList.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { FindingGroupRows, type BulkDismiss } from './FindingGroupRows.js';
import { QualityRules } from './QualityRules.js';
import { countByRule, visibleFindings, withDismissed, type RuleFilter } from './queue-model.js';
import { countBySeverity, groupFindings, type GroupBy } from './queue-rank.js';
import './field.css';

/** A bulk dismissal just made, kept for its "Undo". */
interface Done extends BulkDismiss {
  dismissed: boolean;
}

/**
 * The data-quality queue: what looks wrong in the project's production on this
 * computer, serious findings first (critical, major, then minor behind one line), by
 * severity, well or rule; each finding opening the well page around its days, and
 * dismissable one by one or a rule's or a well's at once (remembered on this computer).
 */
export function QualityQueue({ projectId }: { projectId: string }) {
  const scan = useQuery(qualityQueries.scan(projectId));
  const progress = useScanProgress(projectId);
  const queryClient = useQueryClient();
  const [rule, setRule] = useState<RuleFilter>('all');
  const [groupBy, setGroupBy] = useState<GroupBy>('severity');
  const [showDismissed, setShowDismissed] = useState(false);
  const [dismissError, setDismissError] = useState<Error | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const result = scan.data;

  const dismiss = async (keys: string[], dismissed: boolean, label?: string) => {
    try {
      await send(
        'quality-dismiss',
        keys.length === 1 ? { projectId, key: keys[0], dismissed } : { projectId, keys, dismissed },
      );
      setDismissError(null);
      setDone(label === undefined ? null : { keys, label, dismissed });
      queryClient.setQueryData<QualityScanResult>(
        qualityQueries.scan(projectId).queryKey,
        (current) => (current ? withDismissed(current, keys, dismissed) : current),
      );
    } catch (error) {
      setDismissError(error as Error);
    }
  };
  const onDismiss = (finding: QualityFindingView) =>
    void dismiss([finding.key], !finding.dismissed);
  const onBulk = (bulk: BulkDismiss) => void dismiss(bulk.keys, true, bulk.label);

  const findings = useMemo(
    () => (result ? visibleFindings(result.findings, rule, showDismissed) : []),
    [result, rule, showDismissed],
  );
  const groups = useMemo(() => groupFindings(findings, groupBy), [findings, groupBy]);
  const counts = result ? countByRule(result.findings, showDismissed) : null;
  const severities = countBySeverity(findings);
  const dismissedCount = result?.findings.filter((f) => f.dismissed).length ?? 0;
  return (
    <div className="quality-queue" data-testid="quality-queue">
      <div className="filters">
        <select
          aria-label="Rule"
          value={rule}
          onChange={(event) => setRule(event.target.value as RuleFilter)}
          data-testid="quality-rule"
        >
          <option value="all">All rules{counts ? ` (${formatCount(sum(counts))})` : ''}</option>
          {QUALITY_RULES.map((id) => (
            <option key={id} value={id}>
              {QUALITY_RULE_LABELS[id]}
              {counts ? ` (${formatCount(counts[id])})` : ''}
            </option>
          ))}
        </select>
        <label className="check">
          Group by
          <select
            value={groupBy}
            onChange={(event) => setGroupBy(event.target.value as GroupBy)}
            data-testid="quality-group-by"
          >
            <option value="severity">Severity</option>
            <option value="well">Well</option>
            <option value="rule">Rule</option>
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={showDismissed}
            onChange={(event) => setShowDismissed(event.target.checked)}
            data-testid="quality-show-dismissed"
          />
          Show dismissed ({formatCount(dismissedCount)})
        </label>
        <button
          type="button"
          onClick={() => void scan.refetch()}
          disabled={scan.isFetching}
          data-testid="quality-rescan"
        >
          {scan.isFetching ? 'Scanning…' : 'Scan again'}
        </button>
        {result && (
          <span className="muted" data-testid="quality-severities">
            {formatCount(severities.critical)} critical, {formatCount(severities.major)} major,{' '}
            {formatCount(severities.minor)} minor
          </span>
        )}
      </div>
      {scan.isFetching && progress && (
        <p className="muted" role="status" data-testid="quality-progress">
          {progress.wellsFetching > 0
            ? `Bringing ${formatCount(progress.wellsFetching)} ${progress.wellsFetching === 1 ? "well's" : "wells'"} history to this computer first…`
            : `Scanning well ${formatCount(progress.wellsDone)} of ${formatCount(progress.wellsTotal)}…`}
        </p>
      )}
      {scan.isError && <ErrorPanel error={scan.error} />}
      {dismissError && <ErrorPanel error={dismissError} />}
      {result && <ScanSummary result={result} />}
      <QualityRules projectId={projectId} />
      {done && (
        <p className="muted" role="status" data-testid="quality-undo">
          {done.dismissed ? 'Dismissed' : 'Restored'} {formatCount(done.keys.length)}{' '}
          {done.keys.length === 1 ? 'finding' : 'findings'}: <bdi>{done.label}</bdi>.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => void dismiss(done.keys, !done.dismissed)}
          >
            Undo
          </button>
        </p>
      )}
      {result && findings.length === 0 && (
        <p className="muted" data-testid="quality-empty">
          {result.findings.length === 0
            ? 'Nothing looks wrong in the production on this computer.'
            : 'No findings here: pick another rule, or show dismissed ones.'}
        </p>
      )}
      {findings.length > 0 && (
        <table className="finding-table" aria-label="Findings">
          <colgroup>
            <col className="col-severity" />
            <col className="col-well" />
            <col className="col-rule" />
            <col className="col-days" />
            <col className="col-stake" />
            <col />
            <col className="col-actions" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Severity</th>
              <th scope="col">Well</th>
              <th scope="col">Rule</th>
              <th scope="col">Days</th>
              <th scope="col" className="num" title="Volume in doubt: an estimate">
                At stake
              </th>
              <th scope="col">What looks wrong</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {groups.map((group) => (
            <FindingGroupRows
              key={`${groupBy}:${group.id}`}
              group={group}
              by={groupBy}
              projectId={projectId}
              onDismiss={onDismiss}
              onBulk={onBulk}
            />
          ))}
        </table>
      )}
    </div>
  );
}

function ScanSummary({ result }: { result: QualityScanResult }) {
  const without = result.wellsWithoutProduction;
  return (
    <div className="scan-summary" data-testid="quality-summary">
      <p>
        Scanned {formatCount(result.wellsScanned)} of {formatCount(result.wellCount)} wells
        {result.oldestFetchedAt
          ? `, with production fetched from the server between ${formatTime(result.oldestFetchedAt)} and ${formatTime(result.newestFetchedAt)}`
          : ''}
        .
      </p>
      {result.wellsNotWhole.length > 0 && (
        <details>
          <summary data-testid="quality-not-whole">
            Offline: {formatCount(result.wellsNotWhole.length)}{' '}
            {result.wellsNotWhole.length === 1 ? "well's" : "wells'"} history is not complete on
            this computer; scanned on the days that are here.
          </summary>
          <p className="muted">
            <NameList names={result.wellsNotWhole} />
          </p>
        </details>
      )}
      {without.length > 0 && (
        <details>
          <summary data-testid="quality-without">
            {formatCount(without.length)} {without.length === 1 ? 'well has' : 'wells have'} no
            production on this computer (the server could not be reached to fetch them).
          </summary>
          <p className="muted">
            <NameList names={without} />
          </p>
        </details>
      )}
    </div>
  );
}

function useScanProgress(projectId: string): QualityProgress | null {
  const [progress, setProgress] = useState<QualityProgress | null>(null);
  useEffect(
    () =>
      bridge.on('quality-progress', (event) => {
        if (event.projectId === projectId) setProgress(event);
      }),
    [projectId],
  );
  return progress;
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
