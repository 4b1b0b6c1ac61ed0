import { useQuery } from '@tanstack/react-query';
import { connectionQueries, projectQueries, syncQueries } from '../queries/keys.js';
import { formatCount, formatTime } from './format.js';

/** Connection name, online/offline, last sync and pending changes: always visible. */
export function TopBar() {
  const connections = useQuery(connectionQueries.list());
  const sync = useQuery({ ...syncQueries.status(), retry: false });
  const projects = useQuery(projectQueries.list());
  const current = connections.data?.connections.find((c) => c.isCurrent);
  const status = sync.data;
  const online = status ? status.online : projects.data ? !projects.data.offline : true;
  const lastContact =
    status?.lastSyncAt ?? current?.lastContactAt ?? projects.data?.fetchedAt ?? null;
  const pending = status ? status.pending + status.errors + status.conflicts : 0;

  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="connection" data-testid="connection-name">
        <span className="connection-name">{current?.name ?? 'No connection'}</span>
        {current?.kind === 'demo' && <span className="chip chip-muted">demo data</span>}
      </div>
      <div className="top-bar-status">
        <span
          className={`pill ${online ? 'pill-online' : 'pill-offline'}`}
          data-testid="online-state"
        >
          <span className="dot" /> {online ? 'Online' : 'Offline'}
        </span>
        <span className="muted" data-testid="last-sync">
          Last sync {formatTime(lastContact)}
        </span>
        <button
          type="button"
          className="pending-button"
          data-testid="pending-count"
          title="Changes not yet on the server"
        >
          {formatCount(pending)} pending
        </button>
      </div>
    </header>
  );
}
