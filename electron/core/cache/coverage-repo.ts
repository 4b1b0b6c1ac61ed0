import { addDays } from '#shared/dates/iso-day.js';
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
      // Intervals are disjoint and sorted by from_date, so to_date is sorted too. A kept
      // project's refresh that found the well unchanged makes it current as of then
      // (replica_projects.confirmed_at, migration 14).
      overlapping: db.prepare(
        `SELECT c.from_date AS "from", c.to_date AS "to",
           max(c.fetched_at, coalesce(r.confirmed_at, '')) AS fetchedAt
         FROM coverage c
         LEFT JOIN wells w ON w.connection_id = c.connection_id AND w.id = c.well_id
         LEFT JOIN replica_projects r
           ON r.connection_id = w.connection_id AND r.project_id = w.project_id
         WHERE c.connection_id = ? AND c.well_id = ? AND c.to_date >= ? AND c.from_date <= ?
         ORDER BY c.from_date`,
      ),
      remove: db.prepare(
        'DELETE FROM coverage WHERE connection_id = ? AND well_id = ? AND from_date = ?',
      ),
      removeWell: db.prepare('DELETE FROM coverage WHERE connection_id = ? AND well_id = ?'),
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

  /**
   * The intervals that share at least one day with [from, to], in date order, each fetched
   * at the later of its own fetch and its kept project's last confirmation.
   */
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
