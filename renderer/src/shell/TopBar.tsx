import { useQuery } from '@tanstack/react-query';
import type { SyncStatus } from '../../../shared/desktop/index.js';
import { connectionQueries, syncQueries } from '../queries/keys.js';
import { formatCount, formatTime } from './format.js';

const PHASE_NOTE: Partial<Record<SyncStatus['phase'], string>> = {
  syncing: 'Syncing…',
  waiting: 'Waiting to retry',
  'signed-out': 'Sign in again',
};

/** Connection name, online/offline, last sync and pending changes: always visible. */
export function TopBar() {
  const connections = useQuery(connectionQueries.list());
  const sync = useQuery(syncQueries.status());
  const current = connections.data?.connections.find((c) => c.isCurrent);
  const status = sync.data;
  const online = status?.online ?? true;
  const problems = (status?.errors ?? 0) + (status?.conflicts ?? 0);
  const note = status ? PHASE_NOTE[status.phase] : undefined;

  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="connection" data-testid="connection-name">
        <span className="connection-name">{current?.name ?? 'No connection'}</span>
        {current?.kind === 'demo' && <span className="chip chip-muted">demo data</span>}
      </div>
      <div className="top-bar-status">
        {note && <span className="muted">{note}</span>}
        <span
          className={`pill ${online ? 'pill-online' : 'pill-offline'}`}
          data-testid="online-state"
          title={
            online ? 'Connected to the server' : `Last contact ${formatTime(status?.lastContactAt)}`
          }
        >
          <span className="dot" /> {online ? 'Online' : 'Offline'}
        </span>
        <span className="muted" data-testid="last-sync">
          Last sync{' '}
          {formatTime(status?.lastSyncAt ?? status?.lastContactAt ?? current?.lastContactAt)}
        </span>
        {problems > 0 && (
          <span className="pill pill-offline" data-testid="sync-problems">
            {formatCount(problems)} sync problem{problems === 1 ? '' : 's'}
          </span>
        )}
        <button
          type="button"
          className="pending-button"
          data-testid="pending-count"
          title="Changes saved on this computer, not yet on the server"
        >
          {formatCount(status?.pending ?? 0)} pending
        </button>
      </div>
    </header>
  );
}
