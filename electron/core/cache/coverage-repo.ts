import { addDays } from '../../../shared/dates/iso-day.js';
import type { CacheDb } from './migrate.js';
import { span, type DateInterval } from './date-intervals.js';
import { WidestCoverage } from './widest-coverage.js';

/**
 * Which date ranges of a well the cache holds the server's rows for. Every
 * write to the coverage table goes through this class: it keeps the widest
 * interval of each well (coverage_widest) right.
 */

export interface CoverageInterval extends DateInterval {
  fetchedAt: string;
}

export class CoverageRepo {
  private readonly statements;
  private readonly widest: WidestCoverage;
  private version = 0;

  /**
   * Moves on every change of an interval's dates in this process (fetch times aside): what
   * was counted from the intervals at one value still holds while it stands.
   */
  get generation(): number {
    return this.version;
  }

  constructor(db: CacheDb) {
    this.widest = new WidestCoverage(db);
    this.statements = {
      // Intervals are disjoint and sorted by from_date, so to_date is sorted too.
      overlapping: db.prepare(
        `SELECT from_date AS "from", to_date AS "to", fetched_at AS fetchedAt FROM coverage
         WHERE connection_id = ? AND well_id = ? AND to_date >= ? AND from_date <= ?
         ORDER BY from_date`,
      ),
      remove: db.prepare(
        'DELETE FROM coverage WHERE connection_id = ? AND well_id = ? AND from_date = ?',
      ),
      removeWell: db.prepare('DELETE FROM coverage WHERE connection_id = ? AND well_id = ?'),
      confirmProject: db.prepare(
        `UPDATE coverage SET fetched_at = ?
         WHERE connection_id = ?
           AND well_id IN (SELECT id FROM wells WHERE connection_id = ? AND project_id = ?)
           AND well_id NOT IN (SELECT value FROM json_each(?))`,
      ),
      removeBefore: db.prepare(
        'DELETE FROM coverage WHERE connection_id = ? AND well_id = ? AND to_date < ?',
      ),
      startAt: db.prepare(
        `UPDATE coverage SET from_date = ?
         WHERE connection_id = ? AND well_id = ? AND from_date < ? AND to_date >= ?`,
      ),
      insert: db.prepare(
        `INSERT INTO coverage (connection_id, well_id, from_date, to_date, fetched_at)
         VALUES (?, ?, ?, ?, ?)`,
      ),
    };
  }

  /** The intervals that share at least one day with [from, to], in date order. */
  overlapping(connectionId: string, wellId: string, range: DateInterval): CoverageInterval[] {
    return this.statements.overlapping.all(
      connectionId,
      wellId,
      range.from,
      range.to,
    ) as CoverageInterval[];
  }

  /** Forgets everything fetched of the well (its rows were removed from this computer). */
  removeWell(connectionId: string, wellId: string): void {
    this.statements.removeWell.run(connectionId, wellId);
    this.widest.afterWrite(connectionId, wellId);
    this.version++;
  }

  /**
   * The server said nothing of these wells changed since their days were fetched: they are
   * as current as a fresh read, so their intervals count as fetched `at` ("as of",
   * staleness). Every well of the project but `except`, in one statement (20,000 wells).
   */
  confirmCurrent(connectionId: string, projectId: string, except: readonly string[], at: string) {
    this.statements.confirmProject.run(
      at,
      connectionId,
      connectionId,
      projectId,
      JSON.stringify(except),
    );
  }

  /** Forgets the days before `date` (their rows were removed to fit the storage budget). */
  removeBefore(connectionId: string, wellId: string, date: string): void {
    this.statements.removeBefore.run(connectionId, wellId, date);
    this.statements.startAt.run(date, connectionId, wellId, date, date);
    this.widest.afterWrite(connectionId, wellId);
    this.version++;
  }

  /**
   * Records that [from, to] was fetched at `at`, merged with every interval it
   * overlaps or touches. The merged interval keeps the oldest fetch time of the
   * parts the new fetch did not replace. Call inside a transaction.
   */
  add(connectionId: string, wellId: string, range: DateInterval, at: string): void {
    const neighbours = this.overlapping(connectionId, wellId, {
      from: addDays(range.from, -1),
      to: addDays(range.to, 1),
    });
    let merged: DateInterval = range;
    let fetchedAt = at;
    for (const interval of neighbours) {
      merged = span(merged, interval);
      const replaced = interval.from >= range.from && interval.to <= range.to;
      if (!replaced && interval.fetchedAt < fetchedAt) fetchedAt = interval.fetchedAt;
      this.statements.remove.run(connectionId, wellId, interval.from);
    }
    this.statements.insert.run(connectionId, wellId, merged.from, merged.to, fetchedAt);
    this.widest.afterWrite(connectionId, wellId);
    this.version++;
  }
}
