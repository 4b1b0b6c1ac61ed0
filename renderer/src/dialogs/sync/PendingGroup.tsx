import { formatTime, statusLabel } from '../../shell/format.js';
import { describeChange, summariseGroup, type PendingWellGroup } from '../../sync/outbox-groups.js';
import type { WellLabel } from './use-outbox.js';

/** A well's changes still on their way to the server; expands to each change. */
export function PendingGroup({ group, label }: { group: PendingWellGroup; label: WellLabel }) {
  const state = group.syncing ? 'syncing' : group.blocked ? 'blocked' : 'pending';
  return (
    <li className="sync-item" data-testid="pending-group" data-well-id={group.wellId}>
      <details>
        <summary className="sync-item-head">
          <div>
            <div className="sync-item-well">
              <bdi>{label.name}</bdi>
            </div>
            <div className="sync-item-meta">
              {label.projectName && <span>{label.projectName} · </span>}
              {summariseGroup(group)}
            </div>
          </div>
          <span className={`state-badge state-${state}`} data-testid="pending-state">
            {state === 'syncing' ? 'Syncing' : state === 'blocked' ? 'Held' : 'Pending'}
          </span>
        </summary>
        {group.blocked && (
          <p className="sync-held-note">
            Held until the problem with this well below is resolved: changes to a well are sent in
            the order they were made.
          </p>
        )}
        <ul className="sync-ops">
          {group.operations.map((op) => (
            <li key={op.seq}>
              <span>
                {describeChange(op)}
                {/* The outbox does not carry the patch; the well as merged shows where it stands. */}
                {op.kind === 'update-well' &&
                  label.well &&
                  ` · status now ${statusLabel(label.well.status)}`}
              </span>
              <span className="muted">
                {op.state === 'syncing' ? 'sending now' : `saved ${formatTime(op.createdAt)}`}
                {op.attempts > 0 &&
                  ` · ${op.attempts} attempt${op.attempts === 1 ? '' : 's'} so far`}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
