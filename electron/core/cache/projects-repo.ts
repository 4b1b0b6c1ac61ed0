import type { ProjectOffline, ProjectView } from '#shared/desktop/index.js';
import type { CacheDb } from './migrate.js';
import { ProjectOfflineQuery, notCovered } from './project-offline.js';
import { upsertIfChangedSql } from './upsert-sql.js';

/** Cached projects, one set per connection. A project has no physical quantities to convert. */

/** A project as the server describes it; `offline` is the cache's own, added when read. */
export type StoredProject = Omit<ProjectView, 'offline'>;

export interface ProjectRow extends StoredProject {
  fetchedAt: string;
  wellsFetchedAt: string | null;
}

const COLUMNS = `id, name, description, timezone, unit_system AS unitSystem, well_count AS wellCount,
  created_at AS createdAt, updated_at AS updatedAt, fetched_at AS fetchedAt,
  wells_fetched_at AS wellsFetchedAt`;

const DATA = [
  'name',
  'description',
  'timezone',
  'unit_system',
  'well_count',
  'created_at',
  'updated_at',
];

export function projectView(row: ProjectRow, offline: ProjectOffline = notCovered()): ProjectView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    timezone: row.timezone,
    unitSystem: row.unitSystem,
    wellCount: row.wellCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    offline,
  };
}

export class ProjectsRepo {
  private readonly statements;
  private readonly offline: ProjectOfflineQuery;

  constructor(private readonly db: CacheDb) {
    this.offline = new ProjectOfflineQuery(db);
    this.statements = {
      // The API's order: by creation, then id; projects whose creation the service
      // did not say (docs/compatibility.md) last.
      list: db.prepare(
        `SELECT ${COLUMNS} FROM projects WHERE connection_id = ?
         ORDER BY created_at IS NULL, created_at, id`,
      ),
      get: db.prepare(`SELECT ${COLUMNS} FROM projects WHERE connection_id = ? AND id = ?`),
      ids: db.prepare('SELECT id FROM projects WHERE connection_id = ?').pluck(),
      upsert: db.prepare(
        upsertIfChangedSql('projects', ['connection_id', 'id'], DATA, ['fetched_at']),
      ),
      touchAll: db.prepare('UPDATE projects SET fetched_at = ? WHERE connection_id = ?'),
      touchOne: db.prepare('UPDATE projects SET fetched_at = ? WHERE connection_id = ? AND id = ?'),
      remove: db.prepare('DELETE FROM projects WHERE connection_id = ? AND id = ?'),
      listFetched: db.prepare('UPDATE connections SET projects_fetched_at = ? WHERE id = ?'),
      wellsFetched: db.prepare(
        'UPDATE projects SET wells_fetched_at = ? WHERE connection_id = ? AND id = ?',
      ),
    };
  }

  list(connectionId: string): ProjectRow[] {
    return this.statements.list.all(connectionId) as ProjectRow[];
  }

  get(connectionId: string, id: string): ProjectRow | undefined {
    return this.statements.get.get(connectionId, id) as ProjectRow | undefined;
  }

  /** The connection's projects as views, with one aggregate query for their offline summaries. */
  listViews(connectionId: string): ProjectView[] {
    const offline = this.offline.all(connectionId);
    return this.list(connectionId).map((row) => projectView(row, offline.get(row.id)));
  }

  getView(connectionId: string, id: string): ProjectView | undefined {
    const row = this.get(connectionId, id);
    return row && projectView(row, this.offline.one(connectionId, id));
  }

  /** Writes one project as the server sent it; true when the cache differed. */
  upsert(connectionId: string, project: StoredProject, at: string): boolean {
    const changed =
      this.statements.upsert.run({
        connection_id: connectionId,
        id: project.id,
        name: project.name,
        description: project.description,
        timezone: project.timezone,
        unit_system: project.unitSystem,
        well_count: project.wellCount,
        created_at: project.createdAt,
        updated_at: project.updatedAt,
        fetched_at: at,
      }).changes > 0;
    this.statements.touchOne.run(at, connectionId, project.id);
    return changed;
  }

  /**
   * The connection's complete project list, in one transaction: new and
   * changed projects written, missing ones removed (with their wells and
   * production, by cascade). True when anything differed.
   */
  replaceAll(connectionId: string, projects: readonly StoredProject[], at: string): boolean {
    return this.db
      .transaction(() => {
        let changed = false;
        for (const project of projects) changed = this.upsert(connectionId, project, at) || changed;
        const seen = new Set(projects.map((project) => project.id));
        for (const id of this.statements.ids.all(connectionId) as string[]) {
          if (!seen.has(id)) changed = this.remove(connectionId, id) || changed;
        }
        this.statements.touchAll.run(at, connectionId);
        this.statements.listFetched.run(at, connectionId);
        return changed;
      })
      .immediate();
  }

  remove(connectionId: string, id: string): boolean {
    return this.statements.remove.run(connectionId, id).changes > 0;
  }

  setWellsFetchedAt(connectionId: string, id: string, at: string): void {
    this.statements.wellsFetched.run(at, connectionId, id);
  }
}
