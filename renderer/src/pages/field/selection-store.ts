import { useSyncExternalStore } from 'react';

/**
 * The wells chosen on the map, per project: the map writes it, the wells table reads
 * it (and filters to them), either can clear it. Kept for the session, in memory.
 */
const selections = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();

export function setMapSelection(projectId: string, wellIds: readonly string[] | null): void {
  if (wellIds === null) selections.delete(projectId);
  else selections.set(projectId, [...wellIds]);
  for (const listener of listeners) listener();
}

export function getMapSelection(projectId: string): readonly string[] | null {
  return selections.get(projectId) ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMapSelection(projectId: string): readonly string[] | null {
  return useSyncExternalStore(subscribe, () => getMapSelection(projectId));
}
