import { useQuery } from '@tanstack/react-query';
import type { SyncStatus } from '#shared/desktop/index.js';
import { openDialog } from '../dialogs/open-dialog.js';
import { connectionQueries, syncQueries } from '../queries/keys.js';
import { formatCount, formatTime } from './format.js';
import './shell-extras.css';
import { useConnectionProbe } from './use-connection-probe.js';

const PHASE_NOTE: Partial<Record<SyncStatus['phase'], string>> = {
  syncing: 'Syncing…',
  waiting: 'Waiting to retry',
};

const PILL_TEXT: Record<SyncStatus['reachability'], string> = {
  unknown: 'Connecting…',
  reachable: 'Online',
  unreachable: 'Offline',
};
const PILL_CLASS: Record<SyncStatus['reachability'], string> = {
  unknown: 'pill-connecting',
  reachable: 'pill-online',
  unreachable: 'pill-offline',
};

/**
 * Connection name, online/offline, last sync and pending changes: always
 * visible. The connection opens the connection dialog; the counts open the
 * sync panel.
 */
export function TopBar() {
  const connections = useQuery(connectionQueries.list());
  const sync = useQuery(syncQueries.status());
  const current = connections.data?.connections.find((c) => c.isCurrent);
  const status = sync.data;
  useConnectionProbe();
  // "Online" only once the server has answered in this session; until then, Connecting….
  const reachability = status?.reachability ?? 'unknown';
  const online = reachability === 'reachable';
  const problems = (status?.errors ?? 0) + (status?.conflicts ?? 0);
  const note = status ? PHASE_NOTE[status.phase] : undefined;
  const signedOut = status?.phase === 'signed-out';

  return (
    <header className="top-bar" data-testid="top-bar">
      <button
        type="button"
        className="connection connection-button"
        onClick={() => openDialog({ kind: 'connection' })}
        title="Connections: switch, connect to your organisation, sign in again"
        aria-haspopup="dialog"
        data-testid="connection-name"
      >
        <span className="connection-name">
          <bdi>{current?.name ?? 'No connection'}</bdi>
        </span>
        {current?.kind === 'demo' && <span className="chip chip-muted">demo data</span>}
        <span className="connection-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div className="top-bar-status">
        {note && <span className="muted">{note}</span>}
        {signedOut && (
          <button
            type="button"
            className="pill pill-offline pill-button"
            onClick={() => openDialog({ kind: 'connection' })}
            data-testid="top-bar-sign-in"
          >
            Sign in again
          </button>
        )}
        <span
          className={`pill ${PILL_CLASS[reachability]}`}
          data-testid="online-state"
          role="status"
          title={
            reachability === 'unknown'
              ? 'Asking the server whether it answers'
              : online
                ? 'The server answered'
                : `Last contact ${formatTime(status?.lastContactAt)}`
          }
        >
          <span className="dot" /> {PILL_TEXT[reachability]}
        </span>
        <span className="muted" data-testid="last-sync">
          Last sync{' '}
          {formatTime(status?.lastSyncAt ?? status?.lastContactAt ?? current?.lastContactAt)}
        </span>
        {problems > 0 && (
          <button
            type="button"
            className="pill pill-offline pill-button"
            onClick={() => openDialog({ kind: 'sync' })}
            aria-haspopup="dialog"
            data-testid="sync-problems"
          >
            {formatCount(problems)} sync problem{problems === 1 ? '' : 's'}
          </button>
        )}
        <button
          type="button"
          className="pending-button"
          onClick={() => openDialog({ kind: 'sync' })}
          aria-haspopup="dialog"
          data-testid="pending-count"
          title="Changes saved on this computer, not yet on the server: open the sync panel"
        >
          {formatCount((status?.pending ?? 0) + (status?.pendingEvents ?? 0))} pending
        </button>
      </div>
    </header>
  );
}
