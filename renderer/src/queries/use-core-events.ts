import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge/bridge.js';
import { laterStatus } from '../pages/wells/forecast-all/forecast-all-text.js';
import { declineQueries } from './decline-keys.js';
import { eventQueries } from './event-keys.js';
import { isCurrentConnection } from './current-connection.js';
import { invalidateAfterEvent } from './invalidate-after-event.js';
import { connectionQueries, projectQueries, syncQueries, wellQueries } from './keys.js';
import { invalidateProductionChange } from './production-change.js';

/** Core events drive invalidation: the cache changed, so the affected queries re-read it. */
export function useCoreEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stops = [
      bridge.on('cache-changed', (change) => {
        if (change.kind === 'production') {
          invalidateProductionChange(client, change);
          return;
        }
        if (change.kind === 'events') {
          // Lost production puts its days down to events: it is read again with them.
          void invalidateAfterEvent(client, eventQueries.all);
          void invalidateAfterEvent(client, ['production', 'lost']);
          return;
        }
        const keys = {
          connections: connectionQueries.all,
          projects: projectQueries.all,
          wells: wellQueries.all,
        };
        void invalidateAfterEvent(client, keys[change.kind]);
        if (change.kind === 'projects') void invalidateAfterEvent(client, wellQueries.all);
        // A fit turns stale when its well changes; the core says so on read.
        if (change.kind === 'wells') void invalidateAfterEvent(client, declineQueries.all);
      }),
      bridge.on('outbox-changed', () => {
        void invalidateAfterEvent(client, syncQueries.all);
        void invalidateAfterEvent(client, wellQueries.all);
        void invalidateAfterEvent(client, ['production']);
      }),
      bridge.on('sync-status-changed', (status) => {
        if (!isCurrentConnection(client, status.connectionId)) return;
        client.setQueryData(syncQueries.status().queryKey, status);
      }),
      bridge.on('download-progress', (status) => {
        // A download writes production without a cache-changed per well: once it ends (done,
        // cancelled or failed), the sidebar's "Offline: N of M wells", the wells table's last
        // producing day and an open well's "not available offline" read the cache again,
        // whether or not the dialog is still open.
        if (status.state === 'running') return;
        void invalidateAfterEvent(client, projectQueries.all);
        void invalidateAfterEvent(client, wellQueries.all);
        void invalidateAfterEvent(client, ['production']);
      }),
      bridge.on('forecast-all-progress', (status) => {
        if (!status.projectId) return;
        client.setQueryData(declineQueries.forecastAll(status.projectId).queryKey, (previous) =>
          laterStatus(previous, status),
        );
        // Every finished well has new fits: the wells table's decline columns and any open
        // well page re-read them once the run ends (not per well, which would re-sort
        // the table under the person's eyes 300 times).
        if (status.state !== 'running') {
          void invalidateAfterEvent(client, wellQueries.all);
          void invalidateAfterEvent(client, declineQueries.all);
        }
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
