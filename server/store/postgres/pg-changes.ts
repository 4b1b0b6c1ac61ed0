import type { WellChange } from '#shared/api/index.js';
import { byVersionThenId, type ProjectChangesRow } from '../project-changes.js';
import type { PgDatabase } from './pg-session.js';

/** The changes extension on PostgreSQL: the project's counts first, then what is after `since`. */
export async function pgProjectChanges(
  db: PgDatabase,
  projectId: string,
  since: number | null,
): Promise<ProjectChangesRow | undefined> {
  const project = await db.one<{ version: string; projectVersion: string }>(
    'SELECT change_seq AS version, meta_seq AS "projectVersion" FROM projects WHERE id = $1',
    [projectId],
  );
  if (!project) return undefined;
  const version = Number(project.version);
  const reset = since !== null && since > version;
  const after = since === null || reset ? -1 : since;
  const rows = await db.rows<{ id: string; version: string; deleted: boolean }>(
    `SELECT id, change_seq AS version, false AS deleted FROM wells
       WHERE project_id = $1 AND change_seq > $2
     UNION ALL
     SELECT well_id, change_seq, true FROM well_tombstones
       WHERE project_id = $1 AND change_seq > $2 AND $2 >= 0`,
    [projectId, after],
  );
  const wells: WellChange[] = rows
    .map((row) => ({ id: row.id, version: Number(row.version), deleted: row.deleted }))
    .sort(byVersionThenId);
  return { version, projectVersion: Number(project.projectVersion), reset, wells };
}
