/**
 * Where a row stands between the engineer's edit and the server. Every row a
 * read returns carries one; the cache overlay (the sync half) sets them.
 * - synced:   the server's value, no local change
 * - pending:  changed locally, waiting in the outbox
 * - syncing:  being sent now
 * - error:    the server rejected it; the value is kept for Edit, Discard or Export
 * - conflict: the server changed it too since the edit; the user chooses
 */
export const ROW_SYNC_STATES = ['synced', 'pending', 'syncing', 'error', 'conflict'] as const;
export type RowSyncState = (typeof ROW_SYNC_STATES)[number];

/** The operations an edit becomes in the outbox. */
export const OUTBOX_KINDS = ['upsert-records', 'delete-range', 'update-well'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** An operation's state; one the server accepted leaves the outbox, so there is no "synced". */
export const OUTBOX_STATES = ['pending', 'syncing', 'error', 'conflict'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
