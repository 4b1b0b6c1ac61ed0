import type { UnitSystem } from '#shared/api/index.js';
import { isAdmin, type Principal } from '../auth/scopes.js';
import { newId } from '../http/ids.js';
import type { Db } from './database.js';
import { statementCache } from './statements.js';
import type { Statement } from 'better-sqlite3';

export interface ProjectRow {
  id: string;
  name: string;
  description: string;
  timezone: string;
  unitSystem: UnitSystem;
  wellCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectAccess {
  id: string;
  unitSystem: UnitSystem;
}

export interface ProjectKey {
  createdAt: string;
  id: string;
}

const COLUMNS = `p.id, p.name, p.description, p.timezone, p.unit_system AS unitSystem,
  (SELECT COUNT(*) FROM wells w WHERE w.project_id = p.id) AS wellCount,
  p.created_at AS createdAt, p.updated_at AS updatedAt`;

/** Admins see every project; everyone else the projects they are a member of. */
const VISIBLE = `(@admin = 1 OR p.id IN (SELECT project_id FROM project_members WHERE user_id = @userId))`;

export class ProjectsRepo {
  private readonly sql: (text: string) => Statement;

  constructor(private readonly db: Db) {
    this.sql = statementCache(db);
  }

  list(
    principal: Principal,
    limit: number,
    after?: ProjectKey,
  ): { rows: ProjectRow[]; total: number } {
    const who = { admin: isAdmin(principal) ? 1 : 0, userId: principal.userId };
    const rows = this.sql(
      `SELECT ${COLUMNS} FROM projects p WHERE ${VISIBLE}
         AND (@afterCreated IS NULL OR (p.created_at, p.id) > (@afterCreated, @afterId))
         ORDER BY p.created_at, p.id LIMIT @limit`,
    ).all({
      ...who,
      afterCreated: after?.createdAt ?? null,
      afterId: after?.id ?? null,
      limit,
    }) as ProjectRow[];
    const total = this.sql(`SELECT COUNT(*) FROM projects p WHERE ${VISIBLE}`)
      .pluck()
      .get(who) as number;
    return { rows, total };
  }

  /** The project if this principal may see it; undefined otherwise (the caller says 404). */
  get(principal: Principal, id: string): ProjectRow | undefined {
    return this.sql(`SELECT ${COLUMNS} FROM projects p WHERE p.id = @id AND ${VISIBLE}`).get({
      id,
      admin: isAdmin(principal) ? 1 : 0,
      userId: principal.userId,
    }) as ProjectRow | undefined;
  }

  /**
   * Id and unit system of a project this principal may see: the lean check every
   * well and production request makes (no well count, which costs a scan of the wells).
   */
  access(principal: Principal, id: string): ProjectAccess | undefined {
    return this.sql(
      `SELECT p.id, p.unit_system AS unitSystem FROM projects p WHERE p.id = @id AND ${VISIBLE}`,
    ).get({ id, admin: isAdmin(principal) ? 1 : 0, userId: principal.userId }) as
      ProjectAccess | undefined;
  }

  create(
    principal: Principal,
    input: { name: string; description: string; timezone: string; unitSystem: UnitSystem },
    now = new Date(),
  ): ProjectRow {
    const id = newId('prj');
    const stamp = now.toISOString();
    this.db.transaction(() => {
      this.sql(
        `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, input.name, input.description, input.timezone, input.unitSystem, stamp, stamp);
      // The creator becomes a member, so the project stays theirs whoever else is added.
      this.sql('INSERT INTO project_members (project_id, user_id) VALUES (?, ?)').run(
        id,
        principal.userId,
      );
    })();
    return this.get(principal, id) as ProjectRow;
  }

  update(
    principal: Principal,
    id: string,
    patch: Partial<{ name: string; description: string; timezone: string; unitSystem: UnitSystem }>,
    now = new Date(),
  ): ProjectRow {
    const sets: string[] = [];
    const values: Record<string, string> = { id };
    const columns = {
      name: 'name',
      description: 'description',
      timezone: 'timezone',
      unitSystem: 'unit_system',
    } as const;
    for (const key of Object.keys(columns) as Array<keyof typeof columns>) {
      const value = patch[key];
      if (value === undefined) continue;
      sets.push(`${columns[key]} = @${key}`);
      values[key] = value;
    }
    if (sets.length > 0) {
      values.updatedAt = now.toISOString();
      this.sql(
        `UPDATE projects SET ${sets.join(', ')}, updated_at = @updatedAt WHERE id = @id`,
      ).run(values);
    }
    return this.get(principal, id) as ProjectRow;
  }

  /** Cascades to memberships, wells and production through foreign keys. */
  delete(id: string): void {
    this.sql('DELETE FROM projects WHERE id = ?').run(id);
  }
}
