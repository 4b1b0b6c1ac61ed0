import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../../bridge/bridge.js';
import { downloadQueries } from '../../queries/keys.js';
import { laterDownloadStatus } from './later-status.js';

/**
 * A project's download status: read once, then kept current by the core's
 * `download-progress` events (throttled by the core to a few a second), never replaced by
 * an earlier report of the same run (later-status.ts).
 */
export function useDownloadStatus(projectId: string | undefined) {
  const client = useQueryClient();
  useEffect(
    () =>
      bridge.on('download-progress', (status) => {
        client.setQueryData(downloadQueries.status(status.projectId).queryKey, (previous) =>
          laterDownloadStatus(previous, status),
        );
      }),
    [client],
  );
  return useQuery({
    ...downloadQueries.status(projectId ?? ''),
    enabled: projectId !== undefined,
  });
}
