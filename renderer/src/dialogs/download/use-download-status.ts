import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../../bridge/bridge.js';
import { downloadQueries } from '../../queries/keys.js';

/**
 * A project's download status: read once, then kept current by the core's
 * `download-progress` events (throttled by the core to a few a second).
 */
export function useDownloadStatus(projectId: string | undefined) {
  const client = useQueryClient();
  useEffect(
    () =>
      bridge.on('download-progress', (status) => {
        client.setQueryData(downloadQueries.status(status.projectId).queryKey, status);
      }),
    [client],
  );
  return useQuery({
    ...downloadQueries.status(projectId ?? ''),
    enabled: projectId !== undefined,
  });
}
