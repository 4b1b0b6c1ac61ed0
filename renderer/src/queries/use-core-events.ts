import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge/bridge.js';
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
        void client.invalidateQueries({ queryKey: keys[change.kind] });
        if (change.kind === 'projects')
          void client.invalidateQueries({ queryKey: wellQueries.all });
      }),
      bridge.on('outbox-changed', () => {
        void client.invalidateQueries({ queryKey: syncQueries.all });
        void client.invalidateQueries({ queryKey: wellQueries.all });
        void client.invalidateQueries({ queryKey: ['production'] });
      }),
      bridge.on('sync-status-changed', (status) => {
        client.setQueryData(syncQueries.status().queryKey, status);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
