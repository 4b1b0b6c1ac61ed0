import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportUndoResult } from '#shared/desktop/index.js';
import { CoreCallError, send } from '../bridge/bridge.js';
import { syncQueries } from '../queries/keys.js';
import './import.css';

/**
 * "Undo this import": asks first, then takes the import back as one change (queued like
 * an edit, so it works offline). Says what it did, or why the core refused and which days.
 */
export function UndoImportButton(props: {
  projectId: string;
  batch: number;
  fileName: string | null;
}) {
  const client = useQueryClient();
  const undo = useMutation({
    mutationFn: () => send('import-undo', { projectId: props.projectId, batch: props.batch }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['production', props.projectId] });
      void client.invalidateQueries({ queryKey: syncQueries.all });
    },
  });
  const file = props.fileName ? `"${props.fileName}"` : 'this import';
  const ask = () => {
    const question = `Take back ${file}? Each day it replaced gets its earlier values again, and each day it added is deleted. The change is queued like an edit and synced when online.`;
    if (window.confirm(question)) undo.mutate();
  };
  return (
    <span className="undo-import">
      <button
        type="button"
        className="well-button"
        disabled={undo.isPending || undo.isSuccess}
        onClick={ask}
        data-testid="undo-import"
      >
        {undo.isPending ? 'Taking back…' : 'Undo this import'}
      </button>
      {undo.isSuccess && (
        <span className="undo-import-done" role="status" data-testid="undo-import-done">
          {undoneText(undo.data)}
        </span>
      )}
      {undo.error && (
        <span className="undo-import-error" role="alert" data-testid="undo-import-error">
          {undo.error.message}
          {undo.error instanceof CoreCallError && (
            <RefusedDays issues={undo.error.error.details?.issues} />
          )}
        </span>
      )}
    </span>
  );
}

function RefusedDays({ issues }: { issues: Array<{ path: string; message: string }> | undefined }) {
  if (!issues || issues.length === 0) return null;
  const shown = issues.slice(0, 5);
  return (
    <ul className="undo-import-days">
      {shown.map((issue) => (
        <li key={issue.path}>
          {issue.path.split('/').pop()} {issue.message}
        </li>
      ))}
      {issues.length > shown.length && <li>and {issues.length - shown.length} more</li>}
    </ul>
  );
}

function undoneText(result: ImportUndoResult): string {
  const parts = [
    result.restoredDays > 0 &&
      `${result.restoredDays} day${result.restoredDays === 1 ? '' : 's'} restored`,
    result.deletedDays > 0 &&
      `${result.deletedDays} added day${result.deletedDays === 1 ? '' : 's'} deleted`,
  ].filter(Boolean);
  return `Taken back: ${parts.join(', ')}.`;
}
