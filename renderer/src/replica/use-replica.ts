import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRoute } from 'wouter';
import type { HandlerArgs } from '#shared/desktop/index.js';
import { bridge } from '../bridge/bridge.js';
import { replicaQueries } from '../queries/keys.js';
import { listAsOfNow } from './replica-events.js';
import {
  invalidateReplicaReaders,
  receiveReplicaEvent,
  sendReplicaCommand,
  type ReplicaCommand,
} from './replica-store.js';

/**
 * Keeps the replica caches current from `replica-progress`. Each reader listens itself (as
 * the download dialog does), so a component shows live progress wherever it is rendered;
 * the events are counted once however many listen (replica-events.ts).
 */
function useReplicaEvents(): void {
  const client = useQueryClient();
  useEffect(
    () => bridge.on('replica-progress', (status) => receiveReplicaEvent(client, status)),
    [client],
  );
}

/** A project's replica, live. */
export function useReplicaStatus(projectId: string) {
  useReplicaEvents();
  return useQuery(replicaQueries.status(projectId));
}

/** Every project kept on this computer with the storage settings, live. */
export function useReplicaList() {
  useReplicaEvents();
  const client = useQueryClient();
  return useQuery({
    ...replicaQueries.list(),
    select: (list) => listAsOfNow(client, list),
  });
}

/** One command on a project's replica (pin, pause, resume, cancel, remove). */
export function useReplicaCommand<K extends ReplicaCommand>(name: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: HandlerArgs<K>) => sendReplicaCommand(client, name, args),
    // Removing deletes the project's days here: what showed them reads again.
    onSuccess: () => {
      if (name === 'replica-remove') invalidateReplicaReaders(client);
    },
  });
}

/**
 * "The person opened the project": once per visit, however many of its pages (wells, map,
 * a well) the person goes through, and again after leaving it. A ref rather than the
 * effect's cleanup, so React's development double-run of effects does not open it twice.
 */
export function useReplicaVisit(): void {
  const client = useQueryClient();
  const [, params] = useRoute<{ projectId: string }>('/projects/:projectId/*?');
  const projectId = params?.projectId;
  const opened = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (opened.current === projectId) return;
    opened.current = projectId;
    if (projectId === undefined) return;
    // A refusal (an old core, a project gone) leaves nothing to do here: the project's
    // header reads its status itself and says what it can.
    sendReplicaCommand(client, 'replica-open', { projectId }).catch(() => undefined);
  }, [client, projectId]);
}
