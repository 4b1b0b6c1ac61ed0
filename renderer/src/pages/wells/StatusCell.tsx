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
  // The well whose select is open: a row showing another well (a new search, a scroll)
  // shows its badge without the cell being made anew.
  const [editingWell, setEditingWell] = useState<string | null>(null);
  const editing = editingWell === well.id;
  const setEditing = (open: boolean) => setEditingWell(open ? well.id : null);
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
    mutationFn: ({ wellId, status }: { wellId: string; from: WellView; status: WellStatus }) =>
      send('well-update', { projectId, wellId, patch: { status } }),
    onSuccess: (_result, { from, status }) => {
      if (from.status !== null && from.status !== status) {
        rememberStatusChange({
          projectId,
          wellId: from.id,
          wellName: from.name,
          from: from.status,
          to: status,
        });
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: wellQueries.all });
      void client.invalidateQueries({ queryKey: syncQueries.all });
    },
  });
  // The cell's last change, shown only while the row still shows its well.
  const ours = update.variables?.wellId === well.id;
  const pending = ours && update.isPending;
  return (
    <span className="status-cell">
      {editing ? (
        <select
          ref={select}
          className={`badge badge-${well.status ?? 'unknown'} status-select`}
          aria-label={`Status of ${well.name}`}
          value={well.status ?? ''}
          disabled={pending}
          onChange={(event) => {
            const status = event.target.value as WellStatus;
            update.mutate({ wellId: well.id, from: well, status });
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
          disabled={pending}
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
      {ours && update.error && (
        <span className="sync-state sync-error" title={update.error.message}>
          not saved
        </span>
      )}
    </span>
  );
}
