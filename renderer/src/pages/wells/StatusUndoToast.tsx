import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { send } from '../../bridge/bridge.js';
import { syncQueries, wellQueries } from '../../queries/keys.js';
import { STATUS_LABEL } from '../../shell/format.js';
import { rememberStatusChange, useLastStatusChange } from './status-undo.js';

/**
 * "Status of Brushy Draw 10-2H: Active → Shut in. Undo": after a status change in the
 * table, until the next one or Dismiss. Undo (or Ctrl+Z outside a text field) queues the
 * old status back, an edit like the first, and on record in the change log as well.
 */
export function StatusUndoToast({ projectId }: { projectId: string }) {
  const client = useQueryClient();
  const change = useLastStatusChange();
  const shown = change?.projectId === projectId ? change : null;
  const undo = useMutation({
    mutationFn: async () => {
      if (!shown) return;
      await send('well-update', {
        projectId: shown.projectId,
        wellId: shown.wellId,
        patch: { status: shown.from },
      });
    },
    onSuccess: () => rememberStatusChange(null),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: wellQueries.all });
      void client.invalidateQueries({ queryKey: syncQueries.all });
    },
  });
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      const typing = (event.target as HTMLElement | null)?.closest('input, textarea, select');
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !typing) {
        event.preventDefault();
        undo.mutate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, undo]);
  if (!shown) return null;
  return (
    <div className="status-toast" role="status" data-testid="status-toast">
      <span>
        Status of <bdi>{shown.wellName}</bdi>: {STATUS_LABEL[shown.from]} → {STATUS_LABEL[shown.to]}
        .
      </span>
      <button
        type="button"
        className="well-button"
        disabled={undo.isPending}
        onClick={() => undo.mutate()}
        aria-keyshortcuts="Control+Z"
      >
        Undo
      </button>
      <button type="button" className="well-button" onClick={() => rememberStatusChange(null)}>
        Dismiss
      </button>
      {undo.error && <span className="sync-state sync-error">{undo.error.message}</span>}
    </div>
  );
}
