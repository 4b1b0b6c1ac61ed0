import type { CacheDb } from '../cache/migrate.js';

/** The findings dismissed per project (cache migration 7), by finding key. */
export class DismissedRepo {
  private readonly statements;
  private readonly setMany;

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
    // A bulk dismissal (a rule's or a well's findings) lands whole or not at all.
    this.setMany = db.transaction(
      (
        connectionId: string,
        projectId: string,
        keys: readonly string[],
        dismissed: boolean,
        at: string,
      ) => {
        for (const key of keys) this.set(connectionId, projectId, key, dismissed, at);
      },
    );
  }

  keys(connectionId: string, projectId: string): Set<string> {
    return new Set(this.statements.keys.all(connectionId, projectId) as string[]);
  }

  set(connectionId: string, projectId: string, key: string, dismissed: boolean, at: string): void {
    if (dismissed) this.statements.add.run(connectionId, projectId, key, at);
    else this.statements.remove.run(connectionId, projectId, key);
  }

  /** `set` for every key, in one transaction. */
  setAll(
    connectionId: string,
    projectId: string,
    keys: readonly string[],
    dismissed: boolean,
    at: string,
  ): void {
    this.setMany(connectionId, projectId, keys, dismissed, at);
  }
}
