import { useSyncExternalStore } from 'react';
import type { WellStatus } from '#shared/api/index.js';

/**
 * The last status changed in the wells table, so it can be taken back (the toast's Undo,
 * or Ctrl+Z). A status changes on one choice in a list: one slip must cost one key.
 */
export interface StatusChange {
  projectId: string;
  wellId: string;
  wellName: string;
  from: WellStatus;
  to: WellStatus;
}

let last: StatusChange | null = null;
const listeners = new Set<() => void>();

export function rememberStatusChange(change: StatusChange | null): void {
  last = change;
  for (const listener of listeners) listener();
}

export function useLastStatusChange(): StatusChange | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => last,
  );
}
