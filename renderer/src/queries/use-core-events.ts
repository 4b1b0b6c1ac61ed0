import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge/bridge.js';
import { invalidateAfterEvent } from './invalidate-after-event.js';
import { connectionQueries, projectQueries, syncQueries, wellQueries } from './keys.js';

/** Core events drive invalidation: the cache changed, so the affected queries re-read it. */
export function useCoreEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stops = [
      bridge.on('cache-changed', (change) => {
        const keys = {
          connections: connectionQueries.all,
          projects: projectQueries.all,
          wells: wellQueries.all,
          production: ['production'] as const,
        };
        void invalidateAfterEvent(client, keys[change.kind]);
        if (change.kind === 'projects') void invalidateAfterEvent(client, wellQueries.all);
      }),
      bridge.on('outbox-changed', () => {
        void invalidateAfterEvent(client, syncQueries.all);
        void invalidateAfterEvent(client, wellQueries.all);
        void invalidateAfterEvent(client, ['production']);
      }),
      bridge.on('sync-status-changed', (status) => {
        client.setQueryData(syncQueries.status().queryKey, status);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
