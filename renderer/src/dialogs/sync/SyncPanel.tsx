import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { send } from '../../bridge/bridge.js';
import { connectionQueries, syncQueries } from '../../queries/keys.js';
import { formatTime } from '../../shell/format.js';
import { splitOutbox } from '../../sync/outbox-groups.js';
import { describeSyncStatus } from '../../sync/sync-phase.js';
import { Dialog } from '../Dialog.js';
import { closeDialog, openDialog } from '../open-dialog.js';
import { ConflictItem } from './ConflictItem.js';
import { FailedItem } from './FailedItem.js';
import { PendingGroup } from './PendingGroup.js';
import { RecentlySynced } from './RecentlySynced.js';
import { useOutbox, useWellLabels } from './use-outbox.js';
import './sync-panel.css';

/**
 * Everything between this computer and the server: what needs a decision
 * (conflicts, then rejected changes), what is on its way (by well), and Sync now.
 */
export function SyncPanel() {
  const client = useQueryClient();
  const status = useQuery(syncQueries.status()).data;
  const current = useQuery(connectionQueries.list()).data?.connections.find((c) => c.isCurrent);
  const outbox = useOutbox();
  const operations = useMemo(() => outbox.data?.operations ?? [], [outbox.data]);
  const sections = useMemo(() => splitOutbox(operations), [operations]);
  const labelOf = useWellLabels(operations);

  const syncNow = useMutation({
    mutationFn: () => send('sync-now', {}),
    onSuccess: (next) => client.setQueryData(syncQueries.status().queryKey, next),
  });
  const phase = status && describeSyncStatus(status, formatTime);
  const events = status?.pendingEvents ?? 0;
  const nothing =
    outbox.isSuccess &&
    events === 0 &&
    sections.pending.length + sections.failed.length + sections.conflicts.length === 0;

  return (
    <Dialog
      variant="drawer"
      title="Sync"
      subtitle={
        <>
          <bdi>{current?.name ?? 'No connection'}</bdi> · last sync{' '}
          <span data-testid="sync-last-sync">{formatTime(status?.lastSyncAt)}</span>
        </>
      }
      testId="sync-panel"
      onClose={closeDialog}
    >
      <div className={`sync-status tone-${phase?.tone ?? 'busy'}`} data-testid="sync-phase">
        <span className="sync-status-text" role="status">
          {phase?.text ?? 'Reading the sync status…'}
        </span>
        {status?.phase === 'signed-out' ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => openDialog({ kind: 'connection' })}
            data-testid="sign-in-again"
            data-autofocus
          >
            Sign in again
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={syncNow.isPending}
            onClick={() => syncNow.mutate()}
            data-testid="sync-now"
            data-autofocus
          >
            {syncNow.isPending ? 'Syncing…' : 'Sync now'}
          </button>
        )}
      </div>
      {syncNow.error && (
        <div className="sync-note sync-note-bad" role="alert">
          {syncNow.error.message}
        </div>
      )}

      {outbox.isError && (
        <div className="callout callout-bad" role="alert">
          {outbox.error.message}
        </div>
      )}
      {nothing && (
        <div className="sync-empty" data-testid="sync-empty">
          <div className="sync-empty-mark" aria-hidden="true">
            ✓
          </div>
          No changes waiting. Everything you edited is on the server.
        </div>
      )}

      {events > 0 && (
        <p className="sync-section-note" data-testid="sync-events">
          {events} well event{events === 1 ? '' : 's'} waiting to be sent (the project&apos;s Events
          tab lists {events === 1 ? 'it' : 'them'}).
        </p>
      )}

      {sections.conflicts.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-conflicts">
          <h3 id="sync-conflicts" className="sync-section-title">
            Conflicts <span className="count">{sections.conflicts.length}</span>
          </h3>
          <p className="sync-section-note">
            The server’s values changed after you edited. Choose which to keep.
          </p>
          <ul className="sync-list">
            {sections.conflicts.map((op) => (
              <ConflictItem key={op.seq} op={op} label={labelOf(op)} />
            ))}
          </ul>
        </section>
      )}

      {sections.failed.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-failed">
          <h3 id="sync-failed" className="sync-section-title">
            Sync problems <span className="count">{sections.failed.length}</span>
          </h3>
          <p className="sync-section-note">
            The server rejected these changes. Their values are kept on this computer.
          </p>
          <ul className="sync-list">
            {sections.failed.map((op) => (
              <FailedItem key={op.seq} op={op} label={labelOf(op)} />
            ))}
          </ul>
        </section>
      )}

      {sections.pending.length > 0 && (
        <section className="sync-section" aria-labelledby="sync-pending">
          <h3 id="sync-pending" className="sync-section-title">
            Waiting to be sent{' '}
            <span className="count">
              {sections.pending.length} well{sections.pending.length === 1 ? '' : 's'}
            </span>
          </h3>
          <ul className="sync-list">
            {sections.pending.map((group) => (
              <PendingGroup
                key={`${group.projectId}/${group.wellId}`}
                group={group}
                label={labelOf(group)}
              />
            ))}
          </ul>
        </section>
      )}
      <RecentlySynced />
    </Dialog>
  );
}
