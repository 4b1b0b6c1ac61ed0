import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WELL_STATUSES, type WellStatus } from '#shared/api/index.js';
import type { RowSyncState } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { wellQueries } from '../../queries/keys.js';
import { STATUS_LABEL, statusLabel } from '../../shell/format.js';

const SYNC_BADGE: Partial<
  Record<RowSyncState, { text: string; title: string; className: string }>
> = {
  pending: {
    text: 'Pending',
    title: 'Saved on this computer; sent when online',
    className: 'sync-pending',
  },
  syncing: { text: 'Syncing', title: 'Being sent to the server', className: 'sync-pending' },
  error: {
    text: 'Sync problem',
    title: 'The server rejected this change: see Sync problems',
    className: 'sync-problem',
  },
  conflict: {
    text: 'Conflict',
    title: 'Changed on the server too: see Sync problems',
    className: 'sync-problem',
  },
};

/**
 * The well's status, editable in place. A change is queued by the core (saved locally at
 * once, pushed when online), so the badge says "Pending" until the server has it; the
 * wells queries are invalidated either way so the list and this header agree.
 */
export function StatusSelect(props: {
  projectId: string;
  wellId: string;
  /** null: the service did not say ("Unknown"). */
  status: WellStatus | null;
  syncState: RowSyncState;
}) {
  const client = useQueryClient();
  const update = useMutation({
    mutationFn: (status: WellStatus) =>
      send('well-update', { projectId: props.projectId, wellId: props.wellId, patch: { status } }),
    onSuccess: (result) => {
      client.setQueryData(wellQueries.detail(props.projectId, props.wellId).queryKey, (old) =>
        old ? { ...old, data: { ...old.data, well: result.well } } : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: wellQueries.all }),
  });
  const badge = SYNC_BADGE[props.syncState];
  // Until the read comes back, show what was chosen rather than flicking back; after a failed
  // save (a full disk, say) too, so "Try again" sends it and choosing the old status drops it.
  const value =
    update.isPending || update.isError ? (update.variables ?? props.status) : props.status;

  return (
    <span className="status-edit">
      <select
        aria-label="Well status"
        data-testid="well-status-select"
        className={`status-select status-${value ?? 'unknown'}`}
        value={value ?? ''}
        disabled={update.isPending}
        onChange={(event) => {
          const next = event.target.value as WellStatus;
          // The core rejects a patch that changes nothing.
          if (next !== props.status) update.mutate(next);
          else update.reset();
        }}
      >
        {value === null && (
          // The service did not say: shown, but not a status one can choose.
          <option value="" disabled>
            {statusLabel(null)}
          </option>
        )}
        {WELL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABEL[status] ?? status}
          </option>
        ))}
      </select>
      {badge && (
        <span
          className={`sync-badge ${badge.className}`}
          title={badge.title}
          data-testid="well-sync-state"
        >
          {badge.text}
        </span>
      )}
      {update.isError && (
        <span className="field-error" role="alert" data-testid="well-status-error">
          {update.error.message}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => update.mutate(update.variables)}
            data-testid="well-status-retry"
          >
            Try again
          </button>
        </span>
      )}
    </span>
  );
}
