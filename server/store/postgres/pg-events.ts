import type { WellEvent } from '#shared/api/index.js';
import { eventIdTaken } from '../events-repo.js';
import type { EventStore } from '../store.js';
import { isStorableText, type PgDatabase } from './pg-session.js';

/** The same columns as server/store/events-repo.ts; quoted aliases keep their camelCase. */
const COLUMNS = `e.id, w.id AS "wellId", e.start_date AS "startDate", e.end_date AS "endDate",
  e.category, e.note, e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

/** $1 project, $2 well seq, $3 from, $4 to. */
const SCOPE = `e.project_id = $1
  AND ($2::bigint IS NULL OR e.well_seq = $2)
  AND ($4::text IS NULL OR e.start_date <= $4)
  AND ($3::text IS NULL OR e.end_date IS NULL OR e.end_date >= $3)`;

/** Well events on PostgreSQL; server/store/events-repo.ts says what each does. */
export function pgEvents(db: PgDatabase): EventStore {
  const get = (projectId: string, wellSeq: number, id: string) =>
    isStorableText(id)
      ? db.one<WellEvent>(
          `SELECT ${COLUMNS} FROM well_events e JOIN wells w ON w.seq = e.well_seq
           WHERE e.project_id = $1 AND e.well_seq = $2 AND e.id = $3`,
          [projectId, wellSeq, id],
        )
      : Promise.resolve(undefined);
  return {
    async list(scope, limit, after) {
      const params = [scope.projectId, scope.wellSeq ?? null, scope.from ?? null, scope.to ?? null];
      const rows = await db.rows<WellEvent>(
        `SELECT ${COLUMNS} FROM well_events e JOIN wells w ON w.seq = e.well_seq
         WHERE ${SCOPE} AND ($5::text IS NULL OR (e.start_date, e.id) > ($5::text, $6::text))
         ORDER BY e.start_date, e.id LIMIT $7`,
        [...params, after?.startDate ?? null, after?.id ?? null, limit],
      );
      const total = await db.scalar<number>(
        `SELECT COUNT(*) FROM well_events e WHERE ${SCOPE}`,
        params,
      );
      return { rows, total: total ?? 0 };
    },

    get,

    async put(projectId, wellSeq, id, fields, now = new Date()) {
      const stamp = now.toISOString();
      // One statement: the insert, or the update of this well's event; nothing when another
      // well holds the id (the WHERE), which is the conflict.
      const row = await db.one<{ created: boolean }>(
        `INSERT INTO well_events (project_id, id, well_seq, start_date, end_date, category, note,
             created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (project_id, id) DO UPDATE SET start_date = EXCLUDED.start_date,
           end_date = EXCLUDED.end_date, category = EXCLUDED.category, note = EXCLUDED.note,
           updated_at = EXCLUDED.updated_at
           WHERE well_events.well_seq = EXCLUDED.well_seq
         RETURNING (xmax = 0) AS created`,
        [
          projectId,
          id,
          wellSeq,
          fields.startDate,
          fields.endDate,
          fields.category,
          fields.note,
          stamp,
        ],
      );
      if (!row) throw eventIdTaken(id);
      return { event: (await get(projectId, wellSeq, id)) as WellEvent, created: row.created };
    },

    async delete(projectId, wellSeq, id) {
      if (!isStorableText(id)) return false;
      const count = await db.run(
        'DELETE FROM well_events WHERE project_id = $1 AND well_seq = $2 AND id = $3',
        [projectId, wellSeq, id],
      );
      return count > 0;
    },
  };
}
