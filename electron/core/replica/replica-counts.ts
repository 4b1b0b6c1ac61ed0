import { addDays } from '../../../shared/dates/iso-day.js';
import { HISTORY_START, REPLICA_RECENT_DAYS } from '../../../shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * How much of a project is on this computer, counted from the coverage table (what was
 * fetched, not what happened to come back) and the packed store (what it takes):
 * - a well is "recent" when one interval holds its last REPLICA_RECENT_DAYS up to `targetTo`;
 * - "complete" when one interval holds everything from the history's start (or the budget's
 *   first kept day) to `targetTo`.
 * Each count is one indexed query: the status bar asks after every few wells.
 */

export interface ReplicaCounts {
  wellsTotal: number;
  wellsRecent: number;
  wellsComplete: number;
  days: number;
  packedBytes: number;
}

const STORED_FOR_MS = 1000;

export class ReplicaCountsQuery {
  private readonly statements;
  private readonly memo = new Map<string, { at: number; value: { days: number; bytes: number } }>();

  constructor(db: CacheDb) {
    this.statements = {
      wells: db
        .prepare('SELECT count(*) FROM wells WHERE connection_id = ? AND project_id = ?')
        .pluck(),
      covering: db
        .prepare(
          `SELECT count(DISTINCT w.id) FROM wells w
           JOIN coverage c ON c.connection_id = w.connection_id AND c.well_id = w.id
           WHERE w.connection_id = ? AND w.project_id = ? AND c.from_date <= ? AND c.to_date >= ?`,
        )
        .pluck(),
      // The rows are the store; the packed years are a copy made as charts read them.
      days: db
        .prepare(
          `SELECT count(*) FROM production p
           JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
           WHERE w.connection_id = ? AND w.project_id = ?`,
        )
        .pluck(),
      packed: db
        .prepare(
          `SELECT coalesce(sum(length(p.body)), 0) FROM production_packed p
           JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
           WHERE w.connection_id = ? AND w.project_id = ?`,
        )
        .pluck(),
    };
  }

  /**
   * Days and bytes walk every row of the project (a few tens of milliseconds for 141 wells'
   * history): a status asked for several times a second reuses them for STORED_FOR_MS.
   */
  private stored(connectionId: string, projectId: string): { days: number; bytes: number } {
    const key = `${connectionId}\u0000${projectId}`;
    const memo = this.memo.get(key);
    const now = performance.now();
    if (memo && now - memo.at < STORED_FOR_MS) return memo.value;
    const value = {
      days: this.statements.days.get(connectionId, projectId) as number,
      bytes: this.statements.packed.get(connectionId, projectId) as number,
    };
    this.memo.set(key, { at: now, value });
    return value;
  }

  /** Forgets the memo (a removal: the page must show 0 at once). */
  forget(connectionId: string, projectId: string): void {
    this.memo.delete(`${connectionId}\u0000${projectId}`);
  }

  get(
    connectionId: string,
    projectId: string,
    targetTo: string | null,
    keptFrom: string | null,
  ): ReplicaCounts {
    const wellsTotal = this.statements.wells.get(connectionId, projectId) as number;
    const stored = this.stored(connectionId, projectId);
    if (targetTo === null) {
      return {
        wellsTotal,
        wellsRecent: 0,
        wellsComplete: 0,
        days: stored.days,
        packedBytes: stored.bytes,
      };
    }
    const recentFrom = addDays(targetTo, -(REPLICA_RECENT_DAYS - 1));
    const covering = (from: string) =>
      this.statements.covering.get(connectionId, projectId, from, targetTo) as number;
    return {
      wellsTotal,
      wellsRecent: covering(keptFrom !== null && keptFrom > recentFrom ? keptFrom : recentFrom),
      wellsComplete: covering(keptFrom ?? HISTORY_START),
      days: stored.days,
      packedBytes: stored.bytes,
    };
  }
}
