import { SqliteError } from 'better-sqlite3';
import {
  apiNumberDigits,
  type WellInFeet,
  type WellInFeetWritable,
  type WellStatus,
  type WellType,
} from '#shared/api/index.js';
import { ApiError } from '../http/api-error.js';
import { newId } from '../http/ids.js';
import type { Db } from './database.js';
import { statementCache } from './statements.js';
import type { Statement } from 'better-sqlite3';

/** A well as stored (shared/api/well-shapes.ts), with the server's own bookkeeping. */
export type WellRow = WellInFeet & {
  seq: number;
  updatedAt: string;
  /** Bumped by every production write or delete (keys the response cache). */
  dataVersion: number;
};

/** The writable members of a well, in stored units (feet). */
export type WellFields = WellInFeetWritable;

export interface WellFilters {
  type?: WellType;
  status?: WellStatus;
  search?: string;
}

export interface WellKey {
  nameKey: string;
  id: string;
}

const COLUMNS = `seq, id, project_id AS projectId, name, api_number AS apiNumber, type, status,
  latitude, longitude, spud_date AS spudDate, lateral_length_ft AS lateralLengthFt,
  perf_top_ft AS perfTopFt, perf_bottom_ft AS perfBottomFt,
  first_production_date AS firstProductionDate, created_at AS createdAt, updated_at AS updatedAt,
  data_version AS dataVersion`;

const FILTER = `project_id = @projectId
  AND (@type IS NULL OR type = @type)
  AND (@status IS NULL OR status = @status)
  AND (@search IS NULL OR instr(name_key, @search) > 0
       OR (@searchDigits IS NOT NULL AND instr(api_digits, @searchDigits) > 0))`;

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

/** Wells sort by lower-cased name, then id; the key is kept in its own indexed column. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

/** The answer when another well of the project already has this API number (either engine). */
export function apiNumberConflict(apiNumber: string): ApiError {
  return new ApiError(
    'CONFLICT',
    `A well with API number ${apiNumber} already exists in this project`,
    [
      {
        path: 'apiNumber',
        message: 'is already used by another well in this project (dashes ignored)',
      },
    ],
  );
}

export class WellsRepo {
  private readonly sql: (text: string) => Statement;

  constructor(private readonly db: Db) {
    this.sql = statementCache(db);
  }

  list(
    projectId: string,
    filters: WellFilters,
    limit: number,
    after?: WellKey,
  ): { rows: WellRow[]; total: number } {
    const search = filters.search === undefined || filters.search === '' ? null : filters.search;
    const digits = search === null ? '' : apiNumberDigits(search);
    const params = {
      projectId,
      type: filters.type ?? null,
      status: filters.status ?? null,
      search: search === null ? null : nameKey(search),
      searchDigits: digits === '' ? null : digits,
    };
    // Two statements, not `@afterName IS NULL OR …`: with the OR, SQLite's plan walks the
    // project's keyset index from its start on every page instead of from the cursor.
    const rows = (
      after === undefined
        ? this.sql(
            `SELECT ${COLUMNS} FROM wells WHERE ${FILTER} ORDER BY name_key, id LIMIT @limit`,
          ).all({ ...params, limit })
        : this.sql(
            `SELECT ${COLUMNS} FROM wells WHERE ${FILTER}
               AND (name_key, id) > (@afterName, @afterId)
               ORDER BY name_key, id LIMIT @limit`,
          ).all({ ...params, afterName: after.nameKey, afterId: after.id, limit })
    ) as WellRow[];
    const total = this.sql(`SELECT COUNT(*) FROM wells WHERE ${FILTER}`)
      .pluck()
      .get(params) as number;
    return { rows, total };
  }

  get(projectId: string, wellId: string): WellRow | undefined {
    return this.sql(`SELECT ${COLUMNS} FROM wells WHERE id = ? AND project_id = ?`).get(
      wellId,
      projectId,
    ) as WellRow | undefined;
  }

  create(projectId: string, fields: WellFields, now = new Date()): WellRow {
    const id = newId('wel');
    const stamp = now.toISOString();
    this.guardUnique(fields.apiNumber, () =>
      this.sql(
        `INSERT INTO wells (id, project_id, name, name_key, api_number, api_digits, type, status,
             latitude, longitude, spud_date, lateral_length_ft, perf_top_ft, perf_bottom_ft,
             first_production_date, created_at, updated_at)
           VALUES (@id, @projectId, @name, @nameKey, @apiNumber, @apiDigits, @type, @status,
             @latitude, @longitude, @spudDate, @lateralLengthFt, @perfTopFt, @perfBottomFt,
             NULL, @stamp, @stamp)`,
      ).run({
        ...fields,
        id,
        projectId,
        nameKey: nameKey(fields.name),
        apiDigits: fields.apiNumber === null ? null : apiNumberDigits(fields.apiNumber),
        stamp,
      }),
    );
    return this.get(projectId, id) as WellRow;
  }

  update(projectId: string, wellId: string, patch: Partial<WellFields>, now = new Date()): WellRow {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id: wellId };
    for (const key of Object.keys(COLUMN_OF) as Array<keyof WellFields>) {
      if (!(key in patch) || patch[key] === undefined) continue;
      sets.push(`${COLUMN_OF[key]} = @${key}`);
      values[key] = patch[key];
    }
    if (patch.name !== undefined) {
      sets.push('name_key = @nameKey');
      values.nameKey = nameKey(patch.name);
    }
    if (patch.apiNumber !== undefined) {
      sets.push('api_digits = @apiDigits');
      values.apiDigits = patch.apiNumber === null ? null : apiNumberDigits(patch.apiNumber);
    }
    if (sets.length > 0) {
      values.updatedAt = now.toISOString();
      this.guardUnique(patch.apiNumber ?? null, () =>
        this.sql(`UPDATE wells SET ${sets.join(', ')}, updated_at = @updatedAt WHERE id = @id`).run(
          values,
        ),
      );
    }
    return this.get(projectId, wellId) as WellRow;
  }

  /** Cascades to the well's production. */
  delete(wellId: string): void {
    this.sql('DELETE FROM wells WHERE id = ?').run(wellId);
  }

  private guardUnique(apiNumber: string | null, write: () => unknown): void {
    try {
      write();
    } catch (error) {
      if (error instanceof SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && apiNumber) {
        throw apiNumberConflict(apiNumber);
      }
      throw error;
    }
  }
}
