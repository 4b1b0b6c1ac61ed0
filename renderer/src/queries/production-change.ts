import type { QueryClient } from '@tanstack/react-query';
import type { CacheChanged } from '#shared/desktop/index.js';
import { declineQueries } from './decline-keys.js';
import { invalidateAfterEvent } from './invalidate-after-event.js';
import { projectQueries } from './keys.js';

/**
 * How long what sums over a project waits between re-reads while its production keeps
 * changing. A project replicating announces a well every few hundred milliseconds; the
 * field totals and the sidebar's "Offline: N of M wells" read every well, and re-reading
 * them for each would keep the core busy with sums nobody has time to look at.
 */
export const PROJECT_REREAD_SPACING_MS = 1_000;

/**
 * The reads a production change makes stale. A change of one well (an edit, a sync, a well
 * the replicator brought) re-reads that well's own queries at once: its charts, records,
 * volumes before the range and fits. Sums over projects follow at most once a second, the
 * first at once. A change naming no well re-reads every production read.
 */
export function invalidateProductionChange(client: QueryClient, change: CacheChanged): void {
  if (change.projectId === undefined || change.wellId === undefined) {
    void invalidateAfterEvent(client, ['production']);
    void invalidateAfterEvent(client, projectQueries.all);
    void invalidateAfterEvent(client, declineQueries.all);
    return;
  }
  const { projectId, wellId } = change;
  void invalidateAfterEvent(client, ['production', projectId, wellId]);
  void invalidateAfterEvent(client, [...declineQueries.all, 'fits', projectId, wellId]);
  void invalidateAfterEvent(client, declineQueries.wellHistories(projectId, wellId));
  spaced(client, 'project sums', () => {
    void invalidateAfterEvent(client, ['production', 'field-totals']);
    void invalidateAfterEvent(client, projectQueries.all);
  });
}

interface Spacing {
  timer: ReturnType<typeof setTimeout>;
  again: boolean;
}

const spacings = new WeakMap<QueryClient, Map<string, Spacing>>();

/** Runs `reread` now, or once at the end of the current spacing if one is under way. */
function spaced(client: QueryClient, name: string, reread: () => void): void {
  let byName = spacings.get(client);
  if (!byName) spacings.set(client, (byName = new Map()));
  const current = byName.get(name);
  if (current) {
    current.again = true;
    return;
  }
  reread();
  const open = (): Spacing => ({
    again: false,
    timer: setTimeout(() => {
      const ended = byName.get(name);
      byName.delete(name);
      if (ended?.again) {
        reread();
        byName.set(name, open());
      }
    }, PROJECT_REREAD_SPACING_MS),
  });
  byName.set(name, open());
}
