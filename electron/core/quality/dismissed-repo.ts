import type { CacheDb } from '../cache/migrate.js';

/** The findings dismissed per project (cache migration 7), by finding key. */
export class DismissedRepo {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      keys: db
        .prepare(
          'SELECT finding_key FROM quality_dismissed WHERE connection_id = ? AND project_id = ?',
        )
        .pluck(),
      add: db.prepare(
        `INSERT INTO quality_dismissed (connection_id, project_id, finding_key, dismissed_at)
         VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
      remove: db.prepare(
        `DELETE FROM quality_dismissed
         WHERE connection_id = ? AND project_id = ? AND finding_key = ?`,
      ),
    };
  }

  keys(connectionId: string, projectId: string): Set<string> {
    return new Set(this.statements.keys.all(connectionId, projectId) as string[]);
  }

  set(connectionId: string, projectId: string, key: string, dismissed: boolean, at: string): void {
    if (dismissed) this.statements.add.run(connectionId, projectId, key, at);
    else this.statements.remove.run(connectionId, projectId, key);
  }
}
