import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WELL_STATUSES, type WellStatus } from '../../../../shared/api/index.js';
import type { WellView } from '../../../../shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { syncQueries, wellQueries } from '../../queries/keys.js';
import { STATUS_LABEL } from '../../shell/format.js';

/**
 * A well's status, changeable in place: the change is a queued edit (saved on this
 * computer at once, synced when online) and the cell says "pending" until the server
 * has it. Clicks and keys stay in the select so they do not open the well.
 */
export function StatusCell({ well, projectId }: { well: WellView; projectId: string }) {
  const client = useQueryClient();
  const update = useMutation({
    mutationFn: (status: WellStatus) =>
      send('well-update', { projectId, wellId: well.id, patch: { status } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: wellQueries.all });
      void client.invalidateQueries({ queryKey: syncQueries.all });
    },
  });
  return (
    <span className="status-cell">
      <select
        className={`badge badge-${well.status} status-select`}
        aria-label={`Status of ${well.name}`}
        value={well.status}
        disabled={update.isPending}
        onChange={(event) => update.mutate(event.target.value as WellStatus)}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        data-testid="status-select"
      >
        {WELL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABEL[status]}
          </option>
        ))}
      </select>
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
