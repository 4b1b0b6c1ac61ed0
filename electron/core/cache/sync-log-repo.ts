import type { CacheDb } from './migrate.js';

/** Appends to sync_log: what happened between the cache and a server, for support and the UI. */
export interface SyncLogEntry {
  connectionId: string | null;
  kind: string;
  message: string;
  requestId?: string | undefined;
  details?: unknown;
}

export class SyncLogRepo {
  private readonly insert;

  constructor(
    db: CacheDb,
    private readonly now: () => Date,
  ) {
    this.insert = db.prepare(
      `INSERT INTO sync_log (connection_id, at, kind, message, request_id, details)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  add(entry: SyncLogEntry): void {
    this.insert.run(
      entry.connectionId,
      this.now().toISOString(),
      entry.kind,
      entry.message,
      entry.requestId ?? null,
      entry.details === undefined ? null : JSON.stringify(entry.details),
    );
  }
}
