import type { WellEvent } from '#shared/api/index.js';
import { ApiError } from '../http/api-error.js';
import type { Db } from './database.js';
import { statementCache } from './statements.js';

/** The writable members of an event, as validated (docs/api-decisions.md, "Well events"). */
export interface EventFields {
  startDate: string;
  endDate: string | null;
  category: string;
  note: string;
}

/** Where a list stands: lists go by start date, then id. */
export interface EventKey {
  startDate: string;
  id: string;
}

/** Which events a list holds: a project's, or one well's; `from`/`to` keep those overlapping. */
export interface EventScope {
  projectId: string;
  wellSeq?: number;
  from?: string;
  to?: string;
}

export function eventIdTaken(id: string): ApiError {
  return new ApiError('CONFLICT', `Event ${id} belongs to another well of this project`, [
    { path: 'eventId', message: 'is already used by an event of another well in this project' },
  ]);
}

const COLUMNS = `e.id, w.id AS wellId, e.start_date AS startDate, e.end_date AS endDate, e.category,
  e.note, e.created_at AS createdAt, e.updated_at AS updatedAt`;

const SCOPE = `e.project_id = @projectId
  AND (@wellSeq IS NULL OR e.well_seq = @wellSeq)
  AND (@to IS NULL OR e.start_date <= @to)
  AND (@from IS NULL OR e.end_date IS NULL OR e.end_date >= @from)`;

/** Well events on SQLite: one table, read by well or by project through its two indexes. */
export class EventsRepo {
  private readonly prepared;

  constructor(private readonly db: Db) {
    this.prepared = statementCache(db);
  }

  list(scope: EventScope, limit: number, after?: EventKey): { rows: WellEvent[]; total: number } {
    const params = {
      projectId: scope.projectId,
      wellSeq: scope.wellSeq ?? null,
      from: scope.from ?? null,
      to: scope.to ?? null,
    };
    const rows = this.prepared(
      `SELECT ${COLUMNS} FROM well_events e JOIN wells w ON w.seq = e.well_seq
       WHERE ${SCOPE} AND (@afterStart IS NULL OR (e.start_date, e.id) > (@afterStart, @afterId))
       ORDER BY e.start_date, e.id LIMIT @limit`,
    ).all({
      ...params,
      afterStart: after?.startDate ?? null,
      afterId: after?.id ?? null,
      limit,
    }) as WellEvent[];
    const total = this.prepared(`SELECT COUNT(*) FROM well_events e WHERE ${SCOPE}`)
      .pluck()
      .get(params) as number;
    return { rows, total };
  }

  get(projectId: string, wellSeq: number, id: string): WellEvent | undefined {
    return this.prepared(
      `SELECT ${COLUMNS} FROM well_events e JOIN wells w ON w.seq = e.well_seq
       WHERE e.project_id = ? AND e.well_seq = ? AND e.id = ?`,
    ).get(projectId, wellSeq, id) as WellEvent | undefined;
  }

  /**
   * Creates the event at `id`, or replaces the well's event of that id: all or nothing.
   * An id held by another well of the project is a CONFLICT, never a move.
   */
  put(
    projectId: string,
    wellSeq: number,
    id: string,
    fields: EventFields,
    now: Date,
  ): { event: WellEvent; created: boolean } {
    const stamp = now.toISOString();
    const created = this.db.transaction(() => {
      const owner = this.prepared(
        'SELECT well_seq FROM well_events WHERE project_id = ? AND id = ?',
      )
        .pluck()
        .get(projectId, id) as number | undefined;
      if (owner !== undefined && owner !== wellSeq) throw eventIdTaken(id);
      const values = { ...fields, projectId, wellSeq, id, stamp };
      if (owner === undefined) {
        this.prepared(
          `INSERT INTO well_events (project_id, id, well_seq, start_date, end_date, category, note,
             created_at, updated_at)
           VALUES (@projectId, @id, @wellSeq, @startDate, @endDate, @category, @note, @stamp, @stamp)`,
        ).run(values);
        return true;
      }
      this.prepared(
        `UPDATE well_events SET start_date = @startDate, end_date = @endDate, category = @category,
           note = @note, updated_at = @stamp
         WHERE project_id = @projectId AND id = @id`,
      ).run(values);
      return false;
    })();
    return { event: this.get(projectId, wellSeq, id) as WellEvent, created };
  }

  /** True when the well held the event. */
  delete(projectId: string, wellSeq: number, id: string): boolean {
    return (
      this.prepared('DELETE FROM well_events WHERE project_id = ? AND well_seq = ? AND id = ?').run(
        projectId,
        wellSeq,
        id,
      ).changes > 0
    );
  }
}
