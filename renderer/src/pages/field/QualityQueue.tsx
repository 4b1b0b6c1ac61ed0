import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { QualityProgress, QualityScanResult } from '../../../../shared/desktop/index.js';
import { QUALITY_RULE_LABELS, QUALITY_RULES } from '../../../../shared/quality/types.js';
import { bridge, send } from '../../bridge/bridge.js';
import { qualityQueries } from '../../queries/keys.js';
import { formatCount, formatTime } from '../../shell/format.js';
import { NameList } from '../../shell/NameList.js';
import { editHref } from '../../sync/outbox-groups.js';
import { ErrorPanel } from '../ErrorPanel.js';
import {
  countByRule,
  gridRange,
  visibleFindings,
  withDismissed,
  type RuleFilter,
} from './queue-model.js';
import './field.css';

/** Rows shown at first and added by "Show more": a queue is worked from the top. */
const PAGE = 200;

/**
 * The data-quality queue: what looks wrong in the project's production on this
 * computer, filterable by rule, each finding opening the well's records grid at its
 * days, and dismissable (remembered on this computer).
 */
export function QualityQueue({ projectId }: { projectId: string }) {
  const scan = useQuery(qualityQueries.scan(projectId));
  const progress = useScanProgress(projectId);
  const queryClient = useQueryClient();
  const [rule, setRule] = useState<RuleFilter>('all');
  const [showDismissed, setShowDismissed] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [dismissError, setDismissError] = useState<Error | null>(null);
  const result = scan.data;

  const dismiss = async (key: string, dismissed: boolean) => {
    try {
      await send('quality-dismiss', { projectId, key, dismissed });
      setDismissError(null);
      queryClient.setQueryData<QualityScanResult>(
        qualityQueries.scan(projectId).queryKey,
        (current) => (current ? withDismissed(current, key, dismissed) : current),
      );
    } catch (error) {
      setDismissError(error as Error);
    }
  };

  const findings = result ? visibleFindings(result.findings, rule, showDismissed) : [];
  const counts = result ? countByRule(result.findings, showDismissed) : null;
  const dismissedCount = result?.findings.filter((f) => f.dismissed).length ?? 0;
  return (
    <div className="quality-queue" data-testid="quality-queue">
      <div className="filters">
        <select
          aria-label="Rule"
          value={rule}
          onChange={(event) => {
            setRule(event.target.value as RuleFilter);
            setShown(PAGE);
          }}
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
      {result && findings.length === 0 && (
        <p className="muted" data-testid="quality-empty">
          {result.findings.length === 0
            ? 'Nothing looks wrong in the production on this computer.'
            : 'No findings here: pick another rule, or show dismissed ones.'}
        </p>
      )}
      {findings.length > 0 && (
        <ul className="finding-list" aria-label="Findings">
          {findings.slice(0, shown).map((finding) => (
            <li
              key={finding.key}
              className={`finding${finding.dismissed ? ' finding-dismissed' : ''}`}
              data-testid="quality-finding"
              data-rule={finding.rule}
              data-well={finding.wellName}
              data-from={finding.from}
            >
              <div className="finding-head">
                <strong>
                  <bdi>{finding.wellName}</bdi>
                </strong>
                <span className="mono">
                  {finding.from === finding.to ? finding.from : `${finding.from} to ${finding.to}`}
                </span>
                <span className="chip chip-muted">{QUALITY_RULE_LABELS[finding.rule]}</span>
              </div>
              <p className="finding-reason">{finding.reason}</p>
              <div className="finding-actions">
                <Link
                  href={editHref({
                    projectId,
                    wellId: finding.wellId,
                    range: gridRange(finding),
                  })}
                  data-testid="quality-open"
                >
                  Open records
                </Link>
                <button
                  type="button"
                  onClick={() => void dismiss(finding.key, !finding.dismissed)}
                  data-testid="quality-dismiss"
                >
                  {finding.dismissed ? 'Restore' : 'Dismiss'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {findings.length > shown && (
        <button type="button" onClick={() => setShown(shown + PAGE)}>
          Show more ({formatCount(findings.length - shown)} left)
        </button>
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
