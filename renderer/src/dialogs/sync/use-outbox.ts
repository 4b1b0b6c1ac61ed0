import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { OutboxOperationView, WellView } from '#shared/desktop/index.js';
import { bridge } from '../../bridge/bridge.js';
import { projectQueries, syncQueries, wellQueries } from '../../queries/keys.js';

/**
 * The outbox while the sync panel is open. `outbox-changed` already re-reads it
 * (it lives under syncQueries.all); a change of sync phase re-reads it too,
 * because operations move between pending and syncing without the outbox's
 * counts changing.
 */
export function useOutbox() {
  const client = useQueryClient();
  useEffect(
    () =>
      bridge.on('sync-status-changed', () => {
        void client.invalidateQueries({ queryKey: syncQueries.outbox().queryKey });
      }),
    [client],
  );
  return useQuery(syncQueries.outbox());
}

export interface WellLabel {
  name: string;
  projectName: string | null;
  well: WellView | null;
}

/**
 * Names for the wells the outbox mentions, from the cache (wells-get answers
 * from it at once). A well the cache no longer holds is shown by its id.
 */
export function useWellLabels(
  operations: readonly OutboxOperationView[],
): (op: Pick<OutboxOperationView, 'projectId' | 'wellId'>) => WellLabel {
  const wells = useMemo(() => {
    const seen = new Map<string, { projectId: string; wellId: string }>();
    for (const op of operations) seen.set(`${op.projectId}\u0000${op.wellId}`, op);
    return [...seen.values()];
  }, [operations]);
  const details = useQueries({
    queries: wells.map(({ projectId, wellId }) => ({
      ...wellQueries.detail(projectId, wellId),
      staleTime: 60_000,
    })),
  });
  const projects = useQuery(projectQueries.list());

  return (op) => {
    const index = wells.findIndex((w) => w.projectId === op.projectId && w.wellId === op.wellId);
    const well = index >= 0 ? (details[index]?.data?.data.well ?? null) : null;
    const project = projects.data?.data.find((p) => p.id === op.projectId);
    return {
      name: well?.name ?? `Well ${op.wellId}`,
      projectName: project?.name ?? null,
      well,
    };
  };
}
