import { useCallback, useEffect, useState } from 'react';
import type { ScreeningStatus } from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { laterScreeningStatus } from './screening-text.js';

export interface ScreeningFill {
  status: ScreeningStatus | undefined;
  error: string | null;
  /** Stops the run between wells; what it got is kept. */
  cancel: () => void;
  /** Starts again: the core fetches only what is still missing or stale. */
  resume: () => void;
}

/**
 * Keeps the screening fill going for the project in view: started once its wells are on
 * this computer (`ready`), again when the server is back (`online`), followed through
 * `screening-progress`, cancelled when the table leaves the project or on `cancel`. The
 * core refills only what is missing or stale, so coming back to a project (or `resume`)
 * costs nothing when it is current.
 */
export function useScreeningFill(
  projectId: string,
  ready: boolean,
  online: boolean,
): ScreeningFill {
  const [status, setStatus] = useState<ScreeningStatus | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // Bumped by `resume`, so the effect below starts the fill again.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    // Events and the start's reply may arrive in either order: the later word wins.
    const stop = bridge.on('screening-progress', (next) => {
      if (next.projectId === projectId) setStatus((current) => laterScreeningStatus(current, next));
    });
    send('screening-fill-start', { projectId }).then(
      (started) => {
        if (live) setStatus((current) => laterScreeningStatus(current, started));
      },
      (failure: unknown) => {
        if (live) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      live = false;
      stop();
      setStatus(undefined);
      setError(null);
      // Leaving the project: its fill stops between wells (what it got is kept).
      send('screening-fill-cancel', { projectId }).catch(() => undefined);
    };
  }, [projectId, ready, online, round]);
  const cancel = useCallback(() => {
    send('screening-fill-cancel', { projectId }).then(
      // The run's own `cancelled` event follows; the reply may say so first.
      (now) => setStatus((current) => laterScreeningStatus(current, now)),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [projectId]);
  const resume = useCallback(() => setRound((value) => value + 1), []);
  return { status, error, cancel, resume };
}
