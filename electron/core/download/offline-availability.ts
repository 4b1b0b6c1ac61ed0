import type { OfflineAvailability } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * "Available offline" for a project and a date range, from the cache itself
 * rather than from what a download remembers: wells cached by production-get
 * count too, and wells a refresh removed stop counting.
 *
 * A well is covered when one coverage interval holds the whole range.
 * Intervals of a well never overlap or touch (CoverageRepo merges them), so
 * the join finds at most one per well and counts nothing twice.
 */
export class OfflineAvailabilityQuery {
  private readonly statement;

  constructor(db: CacheDb) {
    this.statement = db.prepare(
      `SELECT COUNT(*) AS wellsTotal, COUNT(c.well_id) AS wellsCovered, MIN(c.fetched_at) AS fetchedAt,
         (SELECT wells_fetched_at FROM projects WHERE connection_id = @connectionId AND id = @projectId)
           AS wellsListedAt
       FROM wells w LEFT JOIN coverage c
         ON c.connection_id = w.connection_id AND c.well_id = w.id
        AND c.from_date <= @from AND c.to_date >= @to
       WHERE w.connection_id = @connectionId AND w.project_id = @projectId`,
    );
  }

  get(connectionId: string, projectId: string, range: DateInterval): OfflineAvailability {
    const row = this.statement.get({ connectionId, projectId, ...range }) as Omit<
      OfflineAvailability,
      'from' | 'to'
    >;
    return { from: range.from, to: range.to, ...row };
  }
}
