import { DEFAULT_REPLICA_SETTINGS, type ReplicaSettings } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/** The replica_projects and replica_settings tables (cache migration 12). */

export interface ReplicaRow {
  connectionId: string;
  projectId: string;
  kept: boolean;
  pinned: boolean;
  paused: boolean;
  lastOpenedAt: string | null;
  targetTo: string | null;
  asOf: string | null;
  dataVersion: number | null;
  leftOutBefore: string | null;
  /** When a refresh last found the wells it did not read again unchanged (migration 14). */
  confirmedAt: string | null;
}

const COLUMNS = `connection_id AS connectionId, project_id AS projectId, kept, pinned, paused,
  last_opened_at AS lastOpenedAt, target_to AS targetTo, as_of AS asOf,
  data_version AS dataVersion, left_out_before AS leftOutBefore, confirmed_at AS confirmedAt`;

type Stored = Omit<ReplicaRow, 'kept' | 'pinned' | 'paused'> & {
  kept: number;
  pinned: number;
  paused: number;
};

function fromStored(row: Stored | undefined): ReplicaRow | undefined {
  if (!row) return undefined;
  return { ...row, kept: row.kept === 1, pinned: row.pinned === 1, paused: row.paused === 1 };
}

/** The columns a caller may change; the others keep their value. */
export type ReplicaChange = Partial<Omit<ReplicaRow, 'connectionId' | 'projectId'>>;

const CHANGEABLE: Record<keyof ReplicaChange, string> = {
  kept: 'kept',
  pinned: 'pinned',
  paused: 'paused',
  lastOpenedAt: 'last_opened_at',
  targetTo: 'target_to',
  asOf: 'as_of',
  dataVersion: 'data_version',
  leftOutBefore: 'left_out_before',
  confirmedAt: 'confirmed_at',
};

export class ReplicaRepo {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    this.statements = {
      get: db.prepare(
        `SELECT ${COLUMNS} FROM replica_projects WHERE connection_id = ? AND project_id = ?`,
      ),
      list: db.prepare(
        `SELECT ${COLUMNS} FROM replica_projects WHERE connection_id = ? ORDER BY project_id`,
      ),
      all: db.prepare(`SELECT ${COLUMNS} FROM replica_projects ORDER BY connection_id, project_id`),
      ensure: db.prepare(
        `INSERT INTO replica_projects (connection_id, project_id) VALUES (?, ?)
         ON CONFLICT DO NOTHING`,
      ),
      settings: db.prepare(
        'SELECT release_after_days AS releaseAfterDays, budget_bytes AS budgetBytes FROM replica_settings',
      ),
      saveSettings: db.prepare(
        `INSERT INTO replica_settings (id, release_after_days, budget_bytes) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET release_after_days = excluded.release_after_days,
           budget_bytes = excluded.budget_bytes`,
      ),
    };
  }

  get(connectionId: string, projectId: string): ReplicaRow | undefined {
    return fromStored(this.statements.get.get(connectionId, projectId) as Stored | undefined);
  }

  list(connectionId: string): ReplicaRow[] {
    return (this.statements.list.all(connectionId) as Stored[]).map((row) => fromStored(row)!);
  }

  all(): ReplicaRow[] {
    return (this.statements.all.all() as Stored[]).map((row) => fromStored(row)!);
  }

  /** Creates the row (kept, not pinned) if missing, applies `change`, returns the row. */
  update(connectionId: string, projectId: string, change: ReplicaChange): ReplicaRow {
    return this.db.transaction(() => {
      this.statements.ensure.run(connectionId, projectId);
      const entries = Object.entries(change) as Array<[keyof ReplicaChange, unknown]>;
      if (entries.length > 0) {
        const sets = entries.map(([key]) => `${CHANGEABLE[key]} = ?`).join(', ');
        const values = entries.map(([, value]) =>
          typeof value === 'boolean' ? Number(value) : (value ?? null),
        );
        this.db
          .prepare(`UPDATE replica_projects SET ${sets} WHERE connection_id = ? AND project_id = ?`)
          .run(...values, connectionId, projectId);
      }
      return this.get(connectionId, projectId)!;
    })();
  }

  settings(): ReplicaSettings {
    return (
      (this.statements.settings.get() as ReplicaSettings | undefined) ?? {
        ...DEFAULT_REPLICA_SETTINGS,
      }
    );
  }

  saveSettings(settings: ReplicaSettings): void {
    this.statements.saveSettings.run(settings.releaseAfterDays, settings.budgetBytes);
  }
}
