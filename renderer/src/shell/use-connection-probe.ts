import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { send } from '../bridge/bridge.js';
import { connectionQueries, syncQueries } from '../queries/keys.js';

/** How often the server is asked while the window is open (one small request). */
export const PROBE_INTERVAL_MS = 60_000;
/** Focus can come and go quickly: at most one probe this often for it. */
const MIN_PROBE_GAP_MS = 5_000;

/**
 * Keeps the top bar honest: asks the server whether it answers at start (and after a
 * connection switch), when the window regains focus or the network comes back, and on a
 * timer. Cached data may be fresh enough that nothing else calls the server for a while;
 * without this, "Online" would only mean "nothing has failed yet".
 */
export function useConnectionProbe(): void {
  const client = useQueryClient();
  const currentId = useQuery(connectionQueries.list()).data?.connections.find(
    (connection) => connection.isCurrent,
  )?.id;

  useEffect(() => {
    if (currentId === undefined) return;
    let stopped = false;
    let lastProbe = 0;
    const probe = () => {
      lastProbe = Date.now();
      send('sync-probe', { connectionId: currentId })
        .then((status) => {
          if (!stopped) client.setQueryData(syncQueries.status().queryKey, status);
        })
        .catch(() => undefined); // the status query says what is wrong; nothing to add here
    };
    const probeSoon = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastProbe >= MIN_PROBE_GAP_MS) {
        probe();
      }
    };
    probe();
    const timer = setInterval(probeSoon, PROBE_INTERVAL_MS);
    window.addEventListener('focus', probeSoon);
    window.addEventListener('online', probeSoon);
    document.addEventListener('visibilitychange', probeSoon);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', probeSoon);
      window.removeEventListener('online', probeSoon);
      document.removeEventListener('visibilitychange', probeSoon);
    };
  }, [client, currentId]);
}
