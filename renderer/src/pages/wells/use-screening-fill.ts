import { useEffect, useState } from 'react';
import type { ScreeningStatus } from '../../../../shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { laterScreeningStatus } from './screening-text.js';

/**
 * Keeps the screening fill going for the project in view: started once its wells are on
 * this computer (`ready`), again when the server is back (`online`), followed through
 * `screening-progress`, cancelled when the table leaves the project. The core refills only
 * what is missing or stale, so coming back to a project costs nothing when it is current.
 */
export function useScreeningFill(
  projectId: string,
  ready: boolean,
  online: boolean,
): { status: ScreeningStatus | undefined; error: string | null } {
  const [status, setStatus] = useState<ScreeningStatus | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
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
  }, [projectId, ready, online]);
  return { status, error };
}
