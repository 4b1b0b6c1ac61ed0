import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { send } from '../bridge/bridge.js';
import { connectionQueries, syncQueries } from '../queries/keys.js';
import { formatTime } from './format.js';
import { isolateText } from './isolate-text.js';
import './shell-extras.css';

/**
 * Under the top bar while the core cannot reach the server. It goes by itself:
 * the core probes with backoff and `sync-status-changed` brings `online` back.
 */
export function OfflineBanner() {
  const status = useQuery(syncQueries.status()).data;
  const current = useQuery(connectionQueries.list()).data?.connections.find((c) => c.isCurrent);
  // A probe, not sync-now: with nothing queued, a sync pass would not call the server at all.
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => send('sync-probe', {}),
    onSuccess: (next) => client.setQueryData(syncQueries.status().queryKey, next),
  });
  if (!status || status.online) return null;
  // Inside a sentence: a right-to-left override in the name must end with the name.
  const server = current ? isolateText(current.name) : 'the server';
  const contact = status.lastContactAt ?? current?.lastContactAt ?? null;

  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span className="offline-banner-icon" aria-hidden="true" />
      <span className="offline-banner-text">
        <strong>Offline</strong> —{' '}
        {contact
          ? `last contact with ${server} at ${formatTime(contact)}.`
          : `${server} has not been reached yet.`}{' '}
        Everything on this computer stays usable; edits are queued and sync when the connection
        returns.
      </span>
      <button
        type="button"
        className="offline-banner-retry"
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
        data-testid="offline-retry"
      >
        {retry.isPending ? 'Trying…' : 'Try now'}
      </button>
    </div>
  );
}
