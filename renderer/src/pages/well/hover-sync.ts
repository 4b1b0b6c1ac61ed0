import { useCallback, useSyncExternalStore } from 'react';

/**
 * The hover shared by the charts of one page (one sync id): the time under the pointer
 * and the pointer's height in the chart it is over. Every chart of the page shows its
 * cursor and readout there; only the cursors and readouts re-render on a move, never
 * the charts themselves.
 */
export interface SharedHover {
  /** Epoch milliseconds the hovering chart snapped to. */
  ms: number;
  /** The pointer's y inside the chart it is over (the readouts sit beside it). */
  y: number;
}

interface Channel {
  value: SharedHover | null;
  listeners: Set<() => void>;
}

const channels = new Map<string, Channel>();

function channel(syncId: string): Channel {
  let found = channels.get(syncId);
  if (!found) {
    found = { value: null, listeners: new Set() };
    channels.set(syncId, found);
  }
  return found;
}

export function setSharedHover(syncId: string, value: SharedHover | null): void {
  const found = channel(syncId);
  if (found.value === value) return;
  if (found.value && value && found.value.ms === value.ms && found.value.y === value.y) return;
  found.value = value;
  for (const listener of found.listeners) listener();
}

/** The hover now, read without subscribing (a key press steps from it). */
export function sharedHover(syncId: string): SharedHover | null {
  return channels.get(syncId)?.value ?? null;
}

export function useSharedHover(syncId: string): SharedHover | null {
  // One subscription per chart for as long as its page shows: a new function on every
  // render would unsubscribe every chart at once, and the emptied channel lose its hover.
  const subscribe = useCallback(
    (listener: () => void) => {
      const found = channel(syncId);
      found.listeners.add(listener);
      return () => {
        found.listeners.delete(listener);
        // The page is gone: forget its hover, so a page opened later starts without one.
        if (found.listeners.size === 0 && channels.get(syncId) === found) channels.delete(syncId);
      };
    },
    [syncId],
  );
  return useSyncExternalStore(subscribe, () => sharedHover(syncId));
}
