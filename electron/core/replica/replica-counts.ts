import type Database from 'better-sqlite3';
import { addDays } from '#shared/dates/iso-day.js';
import { HISTORY_START, REPLICA_RECENT_DAYS } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * How much of a project is on this computer, counted from the coverage table (what was
 * fetched, not what happened to come back) and the stores (what it takes):
 * - a well is "recent" when one interval holds its last REPLICA_RECENT_DAYS up to `targetTo`;
 * - "complete" when one interval holds everything from the history's start (or the budget's
 *   first kept day) to `targetTo`.
 * The status bar asks several times a second while a project replicates, so days and bytes
 * are held per well and recounted only for the wells written or packed since
 * (ProductionRepo.storageGeneration): walking every row of a kept project each time blocked the core's one thread
 * for tens of milliseconds, more as the project grew.
 */

export interface ReplicaCounts {
  wellsTotal: number;
  wellsRecent: number;
  wellsComplete: number;
  days: number;
  packedBytes: number;
}

/** What moves when the intervals fetched may have (CoverageRepo.generation). */
export interface CoverageGenerations {
  readonly generation: number;
}

/** What moves when the space a well takes may have (ProductionRepo.storageGeneration). */
export interface StorageGenerations {
  storageGeneration(connectionId: string, wellId: string): number;
}

interface WellStored {
  generation: number;
  days: number;
  bytes: number;
}

/** More wells written than this since the last count: one walk of the project is cheaper. */
const RECOUNT_WHOLE_ABOVE = 500;

export class ReplicaCountsQuery {
  private readonly statements;
  private readonly memo = new Map<string, Map<string, WellStored>>();
  /** Wells covering a span, per project and span, as of a coverage generation and a time. */
  private readonly coveringMemo = new Map<
    string,
    { generation: number; count: number; at: number }
  >();

  constructor(
    db: CacheDb,
    private readonly rows: StorageGenerations,
    private readonly coverage: CoverageGenerations,
  ) {
    this.statements = {
      wellIds: db
        .prepare('SELECT id FROM wells WHERE connection_id = ? AND project_id = ?')
        .pluck(),
      covering: db
        .prepare(
          `SELECT count(DISTINCT w.id) FROM wells w
           JOIN coverage c ON c.connection_id = w.connection_id AND c.well_id = w.id
           WHERE w.connection_id = ? AND w.project_id = ? AND c.from_date <= ? AND c.to_date >= ?`,
        )
        .pluck(),
      // The rows are the store; the packed years are a copy made as charts read them.
      projectDays: db.prepare(
        `SELECT p.well_id AS wellId, count(*) AS n FROM production p
         JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
         WHERE w.connection_id = ? AND w.project_id = ? GROUP BY p.well_id`,
      ),
      projectBytes: db.prepare(
        `SELECT p.well_id AS wellId, sum(length(p.body)) AS n FROM production_packed p
         JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
         WHERE w.connection_id = ? AND w.project_id = ? GROUP BY p.well_id`,
      ),
      wellDays: db
        .prepare('SELECT count(*) FROM production WHERE connection_id = ? AND well_id = ?')
        .pluck(),
      wellBytes: db
        .prepare(
          `SELECT coalesce(sum(length(body)), 0) FROM production_packed
           WHERE connection_id = ? AND well_id = ?`,
        )
        .pluck(),
    };
  }

  /** Forgets what was counted (a removal: the next count walks the project again). */
  forget(connectionId: string, projectId: string): void {
    this.memo.delete(`${connectionId}\u0000${projectId}`);
    for (const key of this.coveringMemo.keys()) {
      if (key.startsWith(`${connectionId}\u0000${projectId}\u0000`)) this.coveringMemo.delete(key);
    }
  }

  private stored(connectionId: string, projectId: string, wellIds: readonly string[]) {
    const key = `${connectionId}\u0000${projectId}`;
    let wells = this.memo.get(key);
    const written = wells
      ? wellIds.filter(
          (id) => wells!.get(id)?.generation !== this.rows.storageGeneration(connectionId, id),
        )
      : wellIds;
    if (!wells || written.length > RECOUNT_WHOLE_ABOVE) {
      wells = this.countProject(connectionId, projectId, wellIds);
      this.memo.set(key, wells);
    } else {
      for (const id of written) {
        wells.set(id, {
          generation: this.rows.storageGeneration(connectionId, id),
          days: this.statements.wellDays.get(connectionId, id) as number,
          bytes: this.statements.wellBytes.get(connectionId, id) as number,
        });
      }
    }
    let days = 0;
    let bytes = 0;
    for (const id of wellIds) {
      const well = wells.get(id);
      if (well) {
        days += well.days;
        bytes += well.bytes;
      }
    }
    return { days, bytes };
  }

  private countProject(connectionId: string, projectId: string, wellIds: readonly string[]) {
    const wells = new Map<string, WellStored>();
    for (const id of wellIds) {
      wells.set(id, {
        generation: this.rows.storageGeneration(connectionId, id),
        days: 0,
        bytes: 0,
      });
    }
    type Count = { wellId: string; n: number };
    const counted = (statement: Database.Statement) =>
      statement.all(connectionId, projectId) as Count[];
    for (const { wellId, n } of counted(this.statements.projectDays)) {
      const well = wells.get(wellId);
      if (well) well.days = n;
    }
    for (const { wellId, n } of counted(this.statements.projectBytes)) {
      const well = wells.get(wellId);
      if (well) well.bytes = n;
    }
    return wells;
  }

  /**
   * `staleMs`: how old a count of covering wells may be once intervals moved. Progress while a
   * project replicates passes a few seconds: counting the wells that cover a span walks every
   * well of the project (tens of milliseconds at 20,000), and done four times a second it held
   * the core's one thread from the person's own requests (a search key waited 60–190 ms).
   * Everything else passes 0 and gets the count as it is now.
   */
  get(
    connectionId: string,
    projectId: string,
    targetTo: string | null,
    keptFrom: string | null,
    staleMs = 0,
  ): ReplicaCounts {
    const wellIds = this.statements.wellIds.all(connectionId, projectId) as string[];
    const wellsTotal = wellIds.length;
    const stored = this.stored(connectionId, projectId, wellIds);
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
    // Counted again only after an interval moved, or a well came or went.
    const covering = (from: string) => {
      const key = `${connectionId}\u0000${projectId}\u0000${from}\u0000${targetTo}\u0000${wellsTotal}`;
      const memo = this.coveringMemo.get(key);
      const now = performance.now();
      if (memo && (memo.generation === this.coverage.generation || now - memo.at < staleMs)) {
        return memo.count;
      }
      const count = this.statements.covering.get(connectionId, projectId, from, targetTo) as number;
      this.coveringMemo.set(key, { generation: this.coverage.generation, count, at: now });
      return count;
    };
    return {
      wellsTotal,
      wellsRecent: covering(keptFrom !== null && keptFrom > recentFrom ? keptFrom : recentFrom),
      wellsComplete: covering(keptFrom ?? HISTORY_START),
      days: stored.days,
      packedBytes: stored.bytes,
    };
  }
}
