import type { CacheDb } from './migrate.js';

/**
 * Keeps `coverage_widest` (migration 2) right: a well's widest coverage
 * interval, its "available offline" range. Of two equally wide intervals the
 * more recent counts (intervals of a well never overlap, so: the one starting
 * last). CoverageRepo calls `afterWrite` inside the transaction of every
 * change to a well's coverage; a well has a few intervals at most, so reading
 * them all again is one short scan of coverage's primary key.
 */
export class WidestCoverage {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      widest: db.prepare(
        `SELECT from_date, to_date FROM coverage WHERE connection_id = ? AND well_id = ?
         ORDER BY julianday(to_date) - julianday(from_date) DESC, from_date DESC LIMIT 1`,
      ),
      set: db.prepare(
        `INSERT INTO coverage_widest (connection_id, well_id, from_date, to_date) VALUES (?, ?, ?, ?)
         ON CONFLICT (connection_id, well_id) DO UPDATE SET
           from_date = excluded.from_date, to_date = excluded.to_date`,
      ),
      remove: db.prepare('DELETE FROM coverage_widest WHERE connection_id = ? AND well_id = ?'),
    };
  }

  afterWrite(connectionId: string, wellId: string): void {
    const widest = this.statements.widest.get(connectionId, wellId) as
      { from_date: string; to_date: string } | undefined;
    if (widest) this.statements.set.run(connectionId, wellId, widest.from_date, widest.to_date);
    else this.statements.remove.run(connectionId, wellId);
  }
}
