import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImportCommitResult } from '#shared/desktop/index.js';
import { bridge } from '../bridge/bridge.js';
import { openDialog } from '../dialogs/open-dialog.js';
import { syncQueries } from '../queries/keys.js';
import { importSyncProgress, progressDetail, progressHeadline } from './sync-progress.js';

/** After the commit: the import's way to the server, read from the outbox and the sync status. */
export function ImportProgress({ commit }: { commit: ImportCommitResult }) {
  const client = useQueryClient();
  // Operations move between pending and syncing without the outbox's counts changing.
  useEffect(
    () =>
      bridge.on('sync-status-changed', () => {
        void client.invalidateQueries({ queryKey: syncQueries.outbox().queryKey });
      }),
    [client],
  );
  const seqs = new Set(commit.wells.map((well) => well.outboxSeq));
  const outbox = useQuery({
    ...syncQueries.outbox(),
    // Events drive it; a slow poll as well while the import is still in the outbox, because an
    // event arriving during the first read joins that read (react-query dedupes it), and the
    // last event of a fast sync could otherwise leave a stale "syncing" on screen.
    refetchInterval: (query) => {
      const operations = query.state.data?.operations;
      return operations && !operations.some((op) => seqs.has(op.seq)) ? false : 1000;
    },
  });
  const status = useQuery(syncQueries.status());
  const progress = importSyncProgress(commit, outbox.data?.operations, status.data);
  const percent = Math.round(progress.fraction * 100);
  const done = progress.stage === 'done';
  return (
    <div
      className={`import-progress stage-${progress.stage}`}
      data-testid={done ? 'import-done' : 'import-progress'}
      data-stage={progress.stage}
      role="status"
    >
      <div className="import-progress-head">
        <span className="import-progress-title">
          {done && <span aria-hidden="true">✓ </span>}
          {progressHeadline(progress)}
        </span>
        <span className="import-progress-percent">{percent}%</span>
      </div>
      <div
        className="import-track"
        role="progressbar"
        aria-label="Import sync progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="import-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="import-progress-detail">
        {progressDetail(progress)}{' '}
        {progress.stage === 'problem' && (
          <button
            type="button"
            className="button-link"
            onClick={() => openDialog({ kind: 'sync' })}
          >
            Open Sync problems
          </button>
        )}
      </p>
    </div>
  );
}
