import { useEffect, useRef, useState } from 'react';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { newlyCurrent } from './bar-choice.js';

/** How long "… on this computer, as of 10:42" stays after a replica becomes whole. */
export const QUIET_MS = 8_000;

/**
 * The project whose replica became current in this session, for QUIET_MS: the bar says so
 * and then gets out of the way. A replica already current when the app starts says nothing
 * (the project header and the storage page show its "as of").
 */
export function useJustCurrent(projects: readonly ReplicaStatus[] | undefined) {
  const last = useRef<readonly ReplicaStatus[] | undefined>(undefined);
  const [done, setDone] = useState<ReplicaStatus | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = projects;
    if (!before || !projects) return;
    const next = newlyCurrent(before, projects);
    if (next) setDone(next);
  }, [projects]);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), QUIET_MS);
    return () => clearTimeout(timer);
  }, [done]);
  // Paused or removed meanwhile: no longer "current".
  const latest = done && projects?.find((p) => p.projectId === done.projectId);
  return latest?.state === 'current' ? latest : null;
}
