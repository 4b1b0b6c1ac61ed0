import type { WellChange } from '#shared/api/index.js';
import type { Db } from './database.js';
import { byVersionThenId, type ProjectChangesRow } from './project-changes.js';

/** The changes extension on SQLite: three indexed reads (see project-changes.ts). */
export class ChangesRepo {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      project: db.prepare(
        'SELECT change_seq AS version, meta_seq AS projectVersion FROM projects WHERE id = ?',
      ),
      wells: db.prepare(
        `SELECT id, change_seq AS version FROM wells
         WHERE project_id = ? AND change_seq > ? ORDER BY change_seq, id`,
      ),
      tombstones: db.prepare(
        `SELECT well_id AS id, change_seq AS version FROM well_tombstones
         WHERE project_id = ? AND change_seq > ? ORDER BY change_seq, well_id`,
      ),
    };
  }

  read(projectId: string, since: number | null): ProjectChangesRow | undefined {
    const project = this.statements.project.get(projectId) as
      { version: number; projectVersion: number } | undefined;
    if (!project) return undefined;
    const reset = since !== null && since > project.version;
    const after = since === null || reset ? -1 : since;
    const live = (
      this.statements.wells.all(projectId, after) as Array<Omit<WellChange, 'deleted'>>
    ).map((well) => ({ ...well, deleted: false }));
    if (after < 0) return { ...project, reset, wells: live };
    const gone = (
      this.statements.tombstones.all(projectId, after) as Array<Omit<WellChange, 'deleted'>>
    ).map((well) => ({ ...well, deleted: true }));
    return { ...project, reset, wells: [...live, ...gone].sort(byVersionThenId) };
  }
}
