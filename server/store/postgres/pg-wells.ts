import { apiNumberDigits } from '#shared/api/index.js';
import { newId } from '../../http/ids.js';
import type { WellStore } from '../store.js';
import type { ProjectAccess } from '../projects-repo.js';
import { apiNumberConflict, nameKey, type WellFields, type WellRow } from '../wells-repo.js';
import { isStorableText, type PgDatabase } from './pg-session.js';
import { VISIBLE, who } from './pg-projects.js';

/** The same columns as server/store/wells-repo.ts; quoted aliases keep their camelCase. */
const COLUMNS = `seq, id, project_id AS "projectId", name, api_number AS "apiNumber", type, status,
  latitude, longitude, spud_date AS "spudDate", lateral_length_ft AS "lateralLengthFt",
  perf_top_ft AS "perfTopFt", perf_bottom_ft AS "perfBottomFt",
  first_production_date AS "firstProductionDate", created_at AS "createdAt",
  updated_at AS "updatedAt", data_version AS "dataVersion"`;

/** $1 project, $2 type, $3 status, $4 lower-cased search, $5 its digits. */
const FILTER = `project_id = $1
  AND ($2::text IS NULL OR type = $2)
  AND ($3::text IS NULL OR status = $3)
  AND ($4::text IS NULL OR strpos(name_key, $4) > 0
       OR ($5::text IS NOT NULL AND strpos(api_digits, $5) > 0))`;

const COLUMN_OF: Record<keyof WellFields, string> = {
  name: 'name',
  apiNumber: 'api_number',
  type: 'type',
  status: 'status',
  latitude: 'latitude',
  longitude: 'longitude',
  spudDate: 'spud_date',
  lateralLengthFt: 'lateral_length_ft',
  perfTopFt: 'perf_top_ft',
  perfBottomFt: 'perf_bottom_ft',
};

const UNIQUE_VIOLATION = '23505';

async function guardUnique<T>(apiNumber: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION && apiNumber) {
      throw apiNumberConflict(apiNumber);
    }
    throw error;
  }
}

export function pgWells(db: PgDatabase): WellStore {
  const get = async (projectId: string, wellId: string) =>
    !isStorableText(wellId) || !isStorableText(projectId)
      ? undefined
      : db.one<WellRow>(`SELECT ${COLUMNS} FROM wells WHERE id = $1 AND project_id = $2`, [
          wellId,
          projectId,
        ]);
  return {
    async list(projectId, filters, limit, after) {
      const search = filters.search === undefined || filters.search === '' ? null : filters.search;
      // No name holds a NUL (refused on write): such a search matches nothing, as on SQLite.
      if (search !== null && !isStorableText(search)) return { rows: [], total: 0 };
      const digits = search === null ? '' : apiNumberDigits(search);
      const params = [
        projectId,
        filters.type ?? null,
        filters.status ?? null,
        search === null ? null : nameKey(search),
        digits === '' ? null : digits,
      ];
      const rows = await db.rows<WellRow>(
        `SELECT ${COLUMNS} FROM wells WHERE ${FILTER}
           AND ($6::text IS NULL OR (name_key, id) > ($6::text, $7::text))
           ORDER BY name_key, id LIMIT $8`,
        [...params, after?.nameKey ?? null, after?.id ?? null, limit],
      );
      const total = await db.scalar<number>(`SELECT COUNT(*) FROM wells WHERE ${FILTER}`, params);
      return { rows, total: total ?? 0 };
    },

    get,

    async getWithAccess(principal, projectId, wellId) {
      if (!isStorableText(projectId)) return undefined;
      // The well (when there is one) beside its project's access, in one round trip.
      const row = await db.one<
        WellRow & { accessId: string; accessUnits: ProjectAccess['unitSystem']; found: boolean }
      >(
        `SELECT p.id AS "accessId", p.unit_system AS "accessUnits", w.seq IS NOT NULL AS found, w.*
         FROM projects p
         LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM wells WHERE id = $4 AND project_id = p.id) w ON true
         WHERE p.id = $3 AND ${VISIBLE}`,
        [...who(principal), projectId, isStorableText(wellId) ? wellId : null],
      );
      if (!row) return undefined;
      const { accessId, accessUnits, found, ...well } = row;
      return {
        project: { id: accessId, unitSystem: accessUnits },
        well: found ? (well as WellRow) : undefined,
      };
    },

    async create(projectId, fields, now = new Date()) {
      const id = newId('wel');
      const stamp = now.toISOString();
      await guardUnique(fields.apiNumber, () =>
        db.run(
          `INSERT INTO wells (id, project_id, name, name_key, api_number, api_digits, type, status,
               latitude, longitude, spud_date, lateral_length_ft, perf_top_ft, perf_bottom_ft,
               first_production_date, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, $15, $15)`,
          [
            id,
            projectId,
            fields.name,
            nameKey(fields.name),
            fields.apiNumber,
            fields.apiNumber === null ? null : apiNumberDigits(fields.apiNumber),
            fields.type,
            fields.status,
            fields.latitude,
            fields.longitude,
            fields.spudDate,
            fields.lateralLengthFt,
            fields.perfTopFt,
            fields.perfBottomFt,
            stamp,
          ],
        ),
      );
      return (await get(projectId, id)) as WellRow;
    },

    async update(projectId, wellId, patch, now = new Date()) {
      const sets: string[] = [];
      const values: unknown[] = [wellId];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      for (const key of Object.keys(COLUMN_OF) as Array<keyof WellFields>) {
        if (!(key in patch) || patch[key] === undefined) continue;
        set(COLUMN_OF[key], patch[key]);
      }
      if (patch.name !== undefined) set('name_key', nameKey(patch.name));
      if (patch.apiNumber !== undefined) {
        set('api_digits', patch.apiNumber === null ? null : apiNumberDigits(patch.apiNumber));
      }
      if (sets.length > 0) {
        set('updated_at', now.toISOString());
        await guardUnique(patch.apiNumber ?? null, () =>
          db.run(`UPDATE wells SET ${sets.join(', ')} WHERE id = $1`, values),
        );
      }
      return (await get(projectId, wellId)) as WellRow;
    },

    async delete(wellId) {
      await db.run('DELETE FROM wells WHERE id = $1', [wellId]);
    },
  };
}
