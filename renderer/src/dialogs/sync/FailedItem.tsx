import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { OutboxOperationView } from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { syncQueries } from '../../queries/keys.js';
import { errorAdvice, errorReference, errorTitle, issueLines } from '../../sync/describe-error.js';
import { describeChange, editHref } from '../../sync/outbox-groups.js';
import { closeDialog } from '../open-dialog.js';
import { exportFailedChange } from './export-failed-change.js';
import type { WellLabel } from './use-outbox.js';

const SHOWN_ISSUES = 5;

/** One change the server rejected: why, and Edit, Export or Discard. */
export function FailedItem({ op, label }: { op: OutboxOperationView; label: WellLabel }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const error = op.error ?? { type: 'internal' as const, message: 'No reason was recorded.' };
  const issues = issueLines(error);
  const reference = errorReference(error);
  const advice = errorAdvice(error);
  // A well the server deleted is gone from the cache; the outbox remembers its name.
  const remembered = useQuery({ ...syncQueries.operation(op.seq), enabled: label.well === null })
    .data?.wellName;
  const wellName = label.well ? label.name : (remembered ?? label.name);

  const discard = useMutation({
    mutationFn: () => send('outbox-discard', { seqs: [op.seq] }),
  });
  const exporter = useMutation({
    mutationFn: (format: 'csv' | 'json') => exportFailedChange(op, label, format),
    onSuccess: (path) => {
      if (path) setNote(bridge.host === 'electron' ? `Saved to ${path}` : `Downloaded ${path}`);
    },
  });

  return (
    <li className="sync-item sync-item-failed" data-testid="failed-item" data-seq={op.seq}>
      <div className="sync-item-head">
        <div>
          <div className="sync-item-well">
            <bdi>{wellName}</bdi>
          </div>
          <div className="sync-item-meta">
            {label.projectName && <span>{label.projectName} · </span>}
            {describeChange(op)}
          </div>
        </div>
        <span className="state-badge state-error">Rejected</span>
      </div>

      <div className="sync-error" role="group" aria-label="The server’s answer">
        <div className="sync-error-title">{errorTitle(error)}</div>
        <div className="sync-error-message" data-testid="failed-message">
          {error.message}
        </div>
        {issues.length > 0 && (
          <ul className="sync-issues">
            {issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
              <li key={i}>
                <span className="sync-issue-place">{issue.place}</span> {issue.message}
              </li>
            ))}
            {issues.length > SHOWN_ISSUES && (
              <li className="muted">
                and {issues.length - SHOWN_ISSUES} more (all of them are in the JSON export)
              </li>
            )}
          </ul>
        )}
        {reference && (
          <div className="sync-reference mono" data-testid="failed-request-id">
            {reference}
          </div>
        )}
        {advice && <div className="sync-advice">{advice}</div>}
      </div>

      {confirming ? (
        <div className="confirm-row" role="alertdialog" aria-label="Discard this change?">
          <span>
            Discard this change? Its values are deleted from this computer
            {op.kind === 'upsert-records' ? ' unless you export them first' : ''}.
          </span>
          <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
            Keep it
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={discard.isPending}
            onClick={() => discard.mutate()}
            data-testid="failed-discard-confirm"
          >
            {discard.isPending ? 'Discarding…' : 'Discard'}
          </button>
        </div>
      ) : (
        <div className="sync-actions">
          {/* A well the server deleted has no page to fix the change on. */}
          {error.type !== 'not-found' && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                closeDialog();
                navigate(editHref(op));
              }}
              title="Open the well at these dates; saving again sends the change again"
              data-testid="failed-edit"
            >
              Edit
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate('csv')}
            data-testid="failed-export"
          >
            Export CSV
          </button>
          <button
            type="button"
            className="button"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate('json')}
            data-testid="failed-export-json"
          >
            Export JSON
          </button>
          <span className="spacer" />
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => setConfirming(true)}
            data-testid="failed-discard"
          >
            Discard…
          </button>
        </div>
      )}
      {(note || exporter.error || discard.error) && (
        <div
          className={`sync-note${exporter.error || discard.error ? ' sync-note-bad' : ''}`}
          role="status"
        >
          {exporter.error?.message ?? discard.error?.message ?? note}
        </div>
      )}
    </li>
  );
}
