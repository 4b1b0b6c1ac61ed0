import { useMutation, useQuery } from '@tanstack/react-query';
import type { OutboxOperationView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { syncQueries } from '../../queries/keys.js';
import { conflictFromFields, readConflict, type ConflictView } from '../../sync/conflict-fields.js';
import { formatDay } from '../../sync/dates.js';
import { describeChange } from '../../sync/outbox-groups.js';
import type { WellLabel } from './use-outbox.js';

const SHOWN_DAYS = 8;

/**
 * A change the server's data moved under: per day and field, yours, the
 * server's now, and what both started from, with each side's own change
 * highlighted, so the choice is made on the numbers and not on trust.
 */
export function ConflictItem({ op, label }: { op: OutboxOperationView; label: WellLabel }) {
  const detail = useQuery(syncQueries.operation(op.seq)).data;
  // The core's numbers when it has them; the wording of its error until then (or instead).
  const view: ConflictView = detail?.conflicts
    ? conflictFromFields(detail.conflicts, detail.units)
    : readConflict(op.error);
  const resolve = useMutation({
    mutationFn: (resolution: 'keep-mine' | 'take-theirs') =>
      send('conflict-resolve', { seq: op.seq, resolution }),
  });
  const shown = view.days.slice(0, SHOWN_DAYS);
  const hidden = view.days.length - shown.length;

  return (
    <li className="sync-item sync-item-conflict" data-testid="conflict-item" data-seq={op.seq}>
      <div className="sync-item-head">
        <div>
          <div className="sync-item-well">
            <bdi>{label.name}</bdi>
          </div>
          <div className="sync-item-meta">
            {label.projectName && <span>{label.projectName} · </span>}
            {describeChange(op)}
          </div>
        </div>
        <span className="state-badge state-conflict">Conflict</span>
      </div>
      <p className="sync-conflict-message">{op.error?.message}</p>

      {shown.length > 0 && (
        <table className="conflict-table">
          <caption className="visually-hidden">
            Your values, the server’s values and the values before either change
          </caption>
          <thead>
            <tr>
              <th scope="col">Day and field</th>
              <th scope="col">Yours</th>
              <th scope="col">Server now</th>
              <th scope="col">Before both</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((day) =>
              day.deletedOnServer && day.fields.length === 0 ? (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td className="changed-ours">your values</td>
                  <td className="changed-theirs">deleted</td>
                  <td className="muted">a record</td>
                </tr>
              ) : (
                day.fields.map((field, i) => (
                  <tr key={`${day.date}-${field.field}`} className={i === 0 ? 'day-start' : ''}>
                    <th scope="row">
                      {i === 0 && <span className="conflict-day">{formatDay(day.date)}</span>}
                      <span className="conflict-field">{field.label}</span>
                    </th>
                    <td className={field.oursChanged ? 'changed-ours' : ''}>{field.ours}</td>
                    <td className={field.theirsChanged ? 'changed-theirs' : ''}>{field.theirs}</td>
                    <td className="muted">{field.base}</td>
                  </tr>
                ))
              ),
            )}
          </tbody>
        </table>
      )}
      {hidden > 0 && (
        <p className="muted small">
          {`and ${hidden} more day${hidden === 1 ? '' : 's'}, resolved together with these.`}
        </p>
      )}
      {view.other.length > 0 && (
        <ul className="sync-issues">
          {view.other.map((issue, i) => (
            <li key={i}>
              <span className="sync-issue-place">{issue.path}</span> {issue.message}
            </li>
          ))}
        </ul>
      )}

      <div className="sync-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={resolve.isPending}
          onClick={() => resolve.mutate('keep-mine')}
          title="Send your values over the server’s"
          data-testid="keep-mine"
        >
          Keep mine
        </button>
        <button
          type="button"
          className="button"
          disabled={resolve.isPending}
          onClick={() => resolve.mutate('take-theirs')}
          title="Drop your change and use the server’s values"
          data-testid="take-theirs"
        >
          Take theirs
        </button>
        {resolve.error && (
          <span className="sync-note sync-note-bad" role="status">
            {resolve.error.message}
          </span>
        )}
      </div>
    </li>
  );
}
