import { useSyncExternalStore } from 'react';
import type { ImportFile } from '../import/import-file.js';

/**
 * Which app-level dialog is open. Any page can ask for one (the well page's
 * "Download for offline use", the top bar's pending count) without the pages
 * knowing about each other; the shell renders whichever is open.
 */
export type OpenDialog =
  | { kind: 'none' }
  | { kind: 'sync' }
  | { kind: 'connection' }
  | { kind: 'download'; projectId?: string; from?: string; to?: string }
  /** A CSV file dropped on a well, chosen with its Import button or File ▸ Import CSV or Excel…. */
  | { kind: 'import'; projectId?: string; wellId?: string; file: ImportFile; nonce: number };

let current: OpenDialog = { kind: 'none' };
const listeners = new Set<() => void>();

export function openDialog(dialog: OpenDialog): void {
  current = dialog;
  for (const listener of listeners) listener();
}

export function closeDialog(): void {
  openDialog({ kind: 'none' });
}

export function useOpenDialog(): OpenDialog {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
