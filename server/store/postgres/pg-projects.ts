import { pgProjectChanges } from './pg-changes.js';
import { isAdmin, type Principal } from '../../auth/scopes.js';
import { newId } from '../../http/ids.js';
import type { ProjectAccess, ProjectRow } from '../projects-repo.js';
import type { NewProject, ProjectStore } from '../store.js';
import { isStorableText, type PgDatabase } from './pg-session.js';

/** The same columns as server/store/projects-repo.ts; quoted aliases keep their camelCase. */
const COLUMNS = `p.id, p.name, p.description, p.timezone, p.unit_system AS "unitSystem",
  (SELECT COUNT(*) FROM wells w WHERE w.project_id = p.id) AS "wellCount",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt"`;

/** Admins see every project; everyone else the projects they are a member of ($1, $2). */
export const VISIBLE = `($1::boolean OR p.id IN (SELECT project_id FROM project_members WHERE user_id = $2))`;

export const who = (principal: Principal) => [isAdmin(principal), principal.userId];

const PATCH_COLUMNS = {
  name: 'name',
  description: 'description',
  timezone: 'timezone',
  unitSystem: 'unit_system',
} as const;

export function pgProjects(db: PgDatabase): ProjectStore {
  const get = async (principal: Principal, id: string) =>
    !isStorableText(id)
      ? undefined
      : db.one<ProjectRow>(`SELECT ${COLUMNS} FROM projects p WHERE p.id = $3 AND ${VISIBLE}`, [
          ...who(principal),
          id,
        ]);
  return {
    changes: (id, since) => pgProjectChanges(db, id, since),

    async list(principal, limit, after) {
      const rows = await db.rows<ProjectRow>(
        `SELECT ${COLUMNS} FROM projects p WHERE ${VISIBLE}
           AND ($3::text IS NULL OR (p.created_at, p.id) > ($3::text, $4::text))
           ORDER BY p.created_at, p.id LIMIT $5`,
        [...who(principal), after?.createdAt ?? null, after?.id ?? null, limit],
      );
      const total = await db.scalar<number>(
        `SELECT COUNT(*) FROM projects p WHERE ${VISIBLE}`,
        who(principal),
      );
      return { rows, total: total ?? 0 };
    },

    get,

    access: async (principal, id) =>
      !isStorableText(id)
        ? undefined
        : db.one<ProjectAccess>(
            `SELECT p.id, p.unit_system AS "unitSystem" FROM projects p WHERE p.id = $3 AND ${VISIBLE}`,
            [...who(principal), id],
          ),

    async create(principal, input: NewProject, now = new Date()) {
      const id = newId('prj');
      const stamp = now.toISOString();
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)`,
          [id, input.name, input.description, input.timezone, input.unitSystem, stamp],
        );
        // The creator becomes a member, so the project stays theirs whoever else is added.
        await tx.run('INSERT INTO project_members (project_id, user_id) VALUES ($1, $2)', [
          id,
          principal.userId,
        ]);
      });
      return (await get(principal, id)) as ProjectRow;
    },

    async update(principal, id, patch, now = new Date()) {
      const sets: string[] = [];
      const values: unknown[] = [id];
      for (const key of Object.keys(PATCH_COLUMNS) as Array<keyof typeof PATCH_COLUMNS>) {
        const value = patch[key];
        if (value === undefined) continue;
        values.push(value);
        sets.push(`${PATCH_COLUMNS[key]} = $${values.length}`);
      }
      if (sets.length > 0) {
        values.push(now.toISOString());
        await db.run(
          `UPDATE projects SET ${sets.join(', ')}, updated_at = $${values.length} WHERE id = $1`,
          values,
        );
      }
      return (await get(principal, id)) as ProjectRow;
    },

    async delete(id) {
      await db.run('DELETE FROM projects WHERE id = $1', [id]);
    },
  };
}
