import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { WELL_STATUSES, type WellStatus } from '#shared/api/index.js';
import type { WellView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { syncQueries, wellQueries } from '../../queries/keys.js';
import { STATUS_LABEL, statusLabel } from '../../shell/format.js';
import { rememberStatusChange } from './status-undo.js';

/**
 * A well's status, changeable in place: the change is a queued edit (saved on this
 * computer at once, synced when online) and the cell says "pending" until the server
 * has it. Clicks and keys stay in the select so they do not open the well.
 */
export function StatusCell({ well, projectId }: { well: WellView; projectId: string }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  // Opened from the badge: focus the select and show its list straight away.
  useEffect(() => {
    if (!editing || !select.current) return;
    select.current.focus();
    try {
      select.current.showPicker();
    } catch {
      // Not allowed without a user gesture in some browsers: the focused select will do.
    }
  }, [editing]);
  const update = useMutation({
    mutationFn: (status: WellStatus) =>
      send('well-update', { projectId, wellId: well.id, patch: { status } }),
    onSuccess: (_result, status) => {
      if (well.status !== null && well.status !== status) {
        rememberStatusChange({
          projectId,
          wellId: well.id,
          wellName: well.name,
          from: well.status,
          to: status,
        });
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: wellQueries.all });
      void client.invalidateQueries({ queryKey: syncQueries.all });
    },
  });
  return (
    <span className="status-cell">
      {editing ? (
        <select
          ref={select}
          className={`badge badge-${well.status ?? 'unknown'} status-select`}
          aria-label={`Status of ${well.name}`}
          value={well.status ?? ''}
          disabled={update.isPending}
          onChange={(event) => {
            update.mutate(event.target.value as WellStatus);
            setEditing(false);
          }}
          onBlur={() => setEditing(false)}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Escape') setEditing(false);
          }}
          data-testid="status-select"
        >
          {well.status === null && (
            // The service did not say: shown, but not a status one can choose.
            <option value="" disabled>
              {statusLabel(null)}
            </option>
          )}
          {WELL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      ) : (
        // A plain badge until used: a native select in each of thousands of rows made
        // every scrolled frame twice as slow to paint.
        <button
          type="button"
          className={`badge badge-${well.status ?? 'unknown'} status-badge`}
          aria-label={`Status of ${well.name}: ${statusLabel(well.status)}. Change`}
          disabled={update.isPending}
          onClick={(event) => {
            event.stopPropagation();
            setEditing(true);
          }}
          onKeyDown={(event) => event.stopPropagation()}
          data-testid="status-badge"
        >
          {statusLabel(well.status)} ▾
        </button>
      )}
      {well.syncState !== 'synced' && (
        <span className={`sync-state sync-${well.syncState}`} data-testid="row-sync-state">
          {well.syncState}
        </span>
      )}
      {update.error && (
        <span className="sync-state sync-error" title={update.error.message}>
          not saved
        </span>
      )}
    </span>
  );
}
