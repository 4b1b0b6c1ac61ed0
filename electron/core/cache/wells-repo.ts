import { apiNumberDigits, type WellStatus, type WellType } from '../../../shared/api/index.js';
import type { RowSyncState, WellSortColumn } from '../../../shared/desktop/index.js';
import { nameKey, type StoredWell, type WellRow } from '../units/well-units.js';
import type { CacheDb } from './migrate.js';
import { upsertIfChangedSql } from './upsert-sql.js';

/**
 * Cached wells. The list query filters, searches and sorts in SQL, with the
 * server's semantics, so the wells table works the same offline.
 */

const COLUMNS = `id, project_id AS projectId, name, api_number AS apiNumber, type, status,
  latitude, longitude, spud_date AS spudDate, first_production_date AS firstProductionDate,
  lateral_length_ft AS lateralLengthFt, perf_top_ft AS perfTopFt, perf_bottom_ft AS perfBottomFt,
  created_at AS createdAt, updated_at AS updatedAt, fetched_at AS fetchedAt`;

const DATA = [
  'project_id',
  'name',
  'name_key',
  'api_number',
  'api_digits',
  'type',
  'status',
  'latitude',
  'longitude',
  'spud_date',
  'first_production_date',
  'lateral_length_ft',
  'perf_top_ft',
  'perf_bottom_ft',
  'created_at',
  'updated_at',
] as const;

/** Whitelisted: a sort column never reaches SQL as text from outside. */
const SORT_SQL: Record<WellSortColumn, string> = {
  name: 'name_key',
  apiNumber: 'api_digits',
  type: 'type',
  status: 'status',
  latitude: 'latitude',
  longitude: 'longitude',
  spudDate: 'spud_date',
  firstProductionDate: 'first_production_date',
  lateralLength: 'lateral_length_ft',
  perfInterval: 'perf_top_ft',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const FILTER = `connection_id = @connectionId AND project_id = @projectId
  AND (@type IS NULL OR type = @type)
  AND (@status IS NULL OR status = @status)
  AND (@search IS NULL OR instr(name_key, @search) > 0
       OR (@digits IS NOT NULL AND instr(api_digits, @digits) > 0))`;

/**
 * The wells with the queued changes of the sync half's overlay merged over
 * them (`@overlay`: a JSON array of {id, patch, state}, patch keyed by column
 * name), so filters, search and sort see what the engineer sees with the very
 * same SQL. json_type is NULL for a member the patch does not set.
 */
const PATCHABLE = [
  'name',
  'name_key',
  'api_number',
  'api_digits',
  'type',
  'status',
  'latitude',
  'longitude',
  'spud_date',
  'lateral_length_ft',
  'perf_top_ft',
  'perf_bottom_ft',
] as const;
const OVERLAID = `WITH patches AS (
    SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.patch') AS patch,
      json_extract(value, '$.state') AS sync_state FROM json_each(@overlay)),
  overlaid AS (
    SELECT w.connection_id, w.project_id, w.id, w.first_production_date, w.created_at,
      w.updated_at, w.fetched_at, COALESCE(p.sync_state, 'synced') AS sync_state,
      ${PATCHABLE.map(
        (column) =>
          `CASE WHEN json_type(p.patch, '$.${column}') IS NULL THEN w.${column} ELSE json_extract(p.patch, '$.${column}') END AS ${column}`,
      ).join(',\n      ')}
    FROM wells w LEFT JOIN patches p ON p.id = w.id
    WHERE w.connection_id = @connectionId AND w.project_id = @projectId)`;

export interface WellQuery {
  type?: WellType | undefined;
  status?: WellStatus | undefined;
  search?: string | undefined;
  sort?: { column: WellSortColumn; direction: 'asc' | 'desc' } | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export type OverlaidWellRow = WellRow & { syncState?: RowSyncState };

export class WellsRepo {
  private readonly statements;
  private readonly listStatements = new Map<string, ReturnType<CacheDb['prepare']>>();

  constructor(private readonly db: CacheDb) {
    this.statements = {
      get: db.prepare(`SELECT ${COLUMNS} FROM wells WHERE connection_id = ? AND id = ?`),
      count: db.prepare(`SELECT COUNT(*) FROM wells WHERE ${FILTER}`).pluck(),
      countOverlaid: db
        .prepare(`${OVERLAID} SELECT COUNT(*) FROM overlaid WHERE ${FILTER}`)
        .pluck(),
      countAll: db
        .prepare('SELECT COUNT(*) FROM wells WHERE connection_id = ? AND project_id = ?')
        .pluck(),
      ids: db.prepare('SELECT id FROM wells WHERE connection_id = ? AND project_id = ?').pluck(),
      upsert: db.prepare(
        upsertIfChangedSql('wells', ['connection_id', 'id'], DATA, ['fetched_at']),
      ),
      touchProject: db.prepare(
        'UPDATE wells SET fetched_at = ? WHERE connection_id = ? AND project_id = ?',
      ),
      touchOne: db.prepare('UPDATE wells SET fetched_at = ? WHERE connection_id = ? AND id = ?'),
      remove: db.prepare('DELETE FROM wells WHERE connection_id = ? AND id = ?'),
    };
  }

  get(connectionId: string, id: string): WellRow | undefined {
    return this.statements.get.get(connectionId, id) as WellRow | undefined;
  }

  /**
   * One window of the project's wells matching the query, and the counts for
   * "N of M". With an overlay (see OVERLAID), rows carry their `syncState`.
   */
  query(
    connectionId: string,
    projectId: string,
    query: WellQuery,
    overlay: string | null = null,
  ): { rows: OverlaidWellRow[]; total: number; projectTotal: number } {
    const search = query.search === undefined || query.search === '' ? null : query.search;
    const digits = search === null ? '' : apiNumberDigits(search);
    const params = {
      connectionId,
      projectId,
      type: query.type ?? null,
      status: query.status ?? null,
      search: search === null ? null : nameKey(search),
      digits: digits === '' ? null : digits,
    };
    const withOverlay = overlay === null ? params : { ...params, overlay };
    const rows = this.listStatement(query.sort, overlay !== null).all({
      ...withOverlay,
      limit: query.limit ?? -1,
      offset: query.offset ?? 0,
    }) as OverlaidWellRow[];
    const count = overlay === null ? this.statements.count : this.statements.countOverlaid;
    return {
      rows,
      total: count.get(withOverlay) as number,
      projectTotal: this.statements.countAll.get(connectionId, projectId) as number,
    };
  }

  /** Empty values last in either direction; name then id break ties so the order is stable. */
  private listStatement(sort: WellQuery['sort'], overlaid: boolean) {
    const column = SORT_SQL[sort?.column ?? 'name'];
    const direction = sort?.direction === 'desc' ? 'DESC' : 'ASC';
    const key = `${column} ${direction}${overlaid ? ' overlaid' : ''}`;
    let statement = this.listStatements.get(key);
    if (!statement) {
      const order =
        column === 'name_key'
          ? `name_key ${direction}, id ${direction}`
          : `${column} IS NULL, ${column} ${direction}, name_key, id`;
      statement = this.db.prepare(
        overlaid
          ? `${OVERLAID} SELECT ${COLUMNS}, sync_state AS syncState FROM overlaid WHERE ${FILTER} ORDER BY ${order} LIMIT @limit OFFSET @offset`
          : `SELECT ${COLUMNS} FROM wells WHERE ${FILTER} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      );
      this.listStatements.set(key, statement);
    }
    return statement;
  }

  /** Writes one well as the server sent it; true when the cache differed. */
  upsert(connectionId: string, well: StoredWell, at: string): boolean {
    const changed =
      this.statements.upsert.run({ ...well, connection_id: connectionId, fetched_at: at }).changes >
      0;
    this.statements.touchOne.run(at, connectionId, well.id);
    return changed;
  }

  /**
   * A project's complete well list: new and changed wells written, missing ones
   * removed with their production (not their outbox entries). Call inside a
   * transaction. True when anything differed.
   */
  replaceProject(
    connectionId: string,
    projectId: string,
    wells: readonly StoredWell[],
    at: string,
  ): boolean {
    let changed = false;
    for (const well of wells) {
      changed =
        this.statements.upsert.run({ ...well, connection_id: connectionId, fetched_at: at })
          .changes > 0 || changed;
    }
    const seen = new Set(wells.map((well) => well.id));
    for (const id of this.statements.ids.all(connectionId, projectId) as string[]) {
      if (!seen.has(id)) changed = this.remove(connectionId, id) || changed;
    }
    this.statements.touchProject.run(at, connectionId, projectId);
    return changed;
  }

  remove(connectionId: string, id: string): boolean {
    return this.statements.remove.run(connectionId, id).changes > 0;
  }
}
