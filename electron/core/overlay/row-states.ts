import type { OutboxState, RowSyncState } from '#shared/desktop/index.js';

/**
 * How far a row is from settled, for rows that merge several states (a month
 * of days, a well with several queued changes): a conflict needs the user
 * most, then a rejection, then a change still waiting, then one being sent.
 */
const RANK: Record<RowSyncState, number> = {
  synced: 0,
  syncing: 1,
  pending: 2,
  error: 3,
  conflict: 4,
};

export function leastSettled(a: RowSyncState, b: RowSyncState): RowSyncState {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * What a queued change says. Offline, an operation the engine is trying to send reaches
 * no one until a request answers: it is still "pending", not "syncing" (a pass after an
 * outage tries for as long as a request takes to fail).
 */
export function shownState(state: OutboxState, offline: boolean): OutboxState {
  return offline && state === 'syncing' ? 'pending' : state;
}
