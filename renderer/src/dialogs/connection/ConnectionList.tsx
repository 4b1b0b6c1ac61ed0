import type { ConnectionSummary } from '#shared/desktop/index.js';
import { formatTime } from '../../shell/format.js';

/** The saved connections; the current one marked, the others one click away. */
export function ConnectionList({
  connections,
  switching,
  onSwitch,
}: {
  connections: readonly ConnectionSummary[];
  switching: string | null;
  onSwitch: (connectionId: string) => void;
}) {
  return (
    <ul className="connection-list" data-testid="connection-list">
      {connections.map((connection) => (
        <li
          key={connection.id}
          className={`connection-row${connection.isCurrent ? ' current' : ''}`}
          data-testid="connection-row"
          data-connection-id={connection.id}
        >
          <div className="connection-row-main">
            <div className="connection-row-name">
              <bdi>{connection.name}</bdi>
              <span className="kind-chip">
                {connection.kind === 'demo' ? 'Demo data' : 'Organisation'}
              </span>
            </div>
            <div className="connection-row-url mono">{connection.baseUrl}</div>
            <div className="connection-row-meta">
              Last contact {formatTime(connection.lastContactAt)}
              {!connection.hasToken && (
                <span className="field-problem"> · no token saved: add it again</span>
              )}
            </div>
          </div>
          {connection.isCurrent ? (
            <span className="current-badge">Current</span>
          ) : (
            <button
              type="button"
              className="button"
              disabled={switching !== null}
              onClick={() => onSwitch(connection.id)}
              data-testid="connection-switch"
            >
              {switching === connection.id ? 'Switching…' : 'Switch'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
