import type { WellChange } from '#shared/api/index.js';

/**
 * What both engines answer for the changes extension (migration 5 keeps the counts). The
 * project's count is read before its wells: a change committed between the two reads is then
 * listed with a count above `version` and read again next time too, never missed.
 */
export interface ProjectChangesRow {
  version: number;
  projectVersion: number;
  reset: boolean;
  wells: WellChange[];
}

/** The order of the answer, by version then id, whatever the engine's collation. */
export function byVersionThenId(a: WellChange, b: WellChange): number {
  return a.version - b.version || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
