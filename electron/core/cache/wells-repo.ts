import type { WellStatus, WellType } from '#shared/api/index.js';
import type { RowSyncState, WellSortColumn } from '#shared/desktop/index.js';
import type { RateBasis } from '#shared/production/rate-basis.js';
import { searchWords } from '#shared/wells/well-identifier.js';
import { registerIdentifierKey } from './identifier-key-sql.js';
import type { StoredWell, WellRow } from '../units/well-units.js';
import type { CacheDb } from './migrate.js';
import { upsertIfChangedSql, upsertRowsIfChangedSql } from './upsert-sql.js';
import { WELL_SQL, wellIndexSql, wellListSql, type ListShape } from './wells-list-sql.js';

/**
 * Cached wells. The list query filters, searches and sorts in SQL, with the
 * server's semantics, so the wells table works the same offline.
 */

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

/** Wells written per statement by replaceProject (19 parameters each). */
const UPSERT_BATCH = 100;

export interface WellQuery {
  type?: WellType | undefined;
  status?: WellStatus | undefined;
  search?: string | undefined;
  /** Only these wells, when given. */
  wellIds?: readonly string[] | undefined;
  sort?: { column: WellSortColumn; direction: 'asc' | 'desc' } | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
  /** Read the screening sparklines too (a table's page, not every well). */
  sparklines?: boolean | undefined;
  /** The latest rates' basis (and the rate sorts'); the last producing day's when absent. */
  rateBasis?: RateBasis | undefined;
  /** Leave out inactive and shut-in wells. */
  hideInactive?: boolean | undefined;
}

export type OverlaidWellRow = WellRow & { syncState?: RowSyncState };

export class WellsRepo {
  private readonly statements;
  /** Statements prepared on first use: per list sort and shape, per upsert size. */
  private readonly preparedByKey = new Map<string, ReturnType<CacheDb['prepare']>>();

  constructor(private readonly db: CacheDb) {
    registerIdentifierKey(db);
    this.statements = {
      get: db.prepare(WELL_SQL.get),
      count: db.prepare(WELL_SQL.count).pluck(),
      countOverlaid: db.prepare(WELL_SQL.countOverlaid).pluck(),
      countAll: db
        .prepare('SELECT COUNT(*) FROM wells WHERE connection_id = ? AND project_id = ?')
        .pluck(),
      ids: db.prepare('SELECT id FROM wells WHERE connection_id = ? AND project_id = ?').pluck(),
      refs: db.prepare(
        'SELECT id, name FROM wells WHERE connection_id = ? AND project_id = ? ORDER BY name_key, id',
      ),
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
   * "N of M". With an overlay (see `overlaid` in wells-list-sql.ts), rows carry their `syncState`.
   */
  query(
    connectionId: string,
    projectId: string,
    query: WellQuery,
    overlay: string | null = null,
  ): { rows: OverlaidWellRow[]; total: number; projectTotal: number } {
    const withOverlay = filterParams(connectionId, projectId, query, overlay);
    const shape: ListShape =
      overlay !== null ? 'overlaid' : query.limit === undefined ? 'all' : 'window';
    const basis = query.rateBasis ?? 'last-day';
    const rows = this.listStatement(query.sort, shape, query.sparklines ?? false, basis).all({
      ...withOverlay,
      limit: query.limit ?? -1,
      offset: query.offset ?? 0,
    }) as OverlaidWellRow[];
    const count = overlay === null ? this.statements.count : this.statements.countOverlaid;
    // Fewer rows than asked for: the last match is among them, so the count needs no second
    // pass over the project (a narrow search, or every well, answers with one scan).
    const offset = query.offset ?? 0;
    const knownTotal =
      rows.length < (query.limit ?? Infinity) && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : undefined;
    return {
      rows,
      total: knownTotal ?? (count.get(withOverlay) as number),
      projectTotal: this.statements.countAll.get(connectionId, projectId) as number,
    };
  }

  /**
   * wells-index: the id, name and identifier of every well matching the query's filters (its
   * search, window and sparklines are not read), in the list's order; queued changes merged.
   */
  index(
    connectionId: string,
    projectId: string,
    query: WellQuery,
    overlay: string | null = null,
  ): { ids: string[]; names: string[]; apiNumbers: Array<string | null>; projectTotal: number } {
    const column = query.sort?.column ?? 'name';
    const direction = query.sort?.direction === 'desc' ? 'DESC' : 'ASC';
    const basis = query.rateBasis ?? 'last-day';
    const key = `index ${column} ${direction} ${overlay !== null} ${basis}`;
    let statement = this.preparedByKey.get(key);
    if (!statement) {
      statement = this.db.prepare(wellIndexSql(column, direction, overlay !== null, basis)).raw();
      this.preparedByKey.set(key, statement);
    }
    const { search: _search, ...filters } = query;
    const rows = statement.all(filterParams(connectionId, projectId, filters, overlay)) as Array<
      [string, string, string | null]
    >;
    return {
      ids: rows.map((row) => row[0]),
      names: rows.map((row) => row[1]),
      apiNumbers: rows.map((row) => row[2]),
      projectTotal: this.statements.countAll.get(connectionId, projectId) as number,
    };
  }

  /**
   * The project's well ids and names in the table's default order (name), as cached
   * (queued renames not merged): what a background task walking every well needs, without
   * the summaries and fits a list row carries (reading those for 20,000 wells holds the
   * core for most of a second).
   */
  refs(connectionId: string, projectId: string): Array<{ id: string; name: string }> {
    return this.statements.refs.all(connectionId, projectId) as Array<{ id: string; name: string }>;
  }

  /** Prepared once per sort and shape (see wellListSql). */
  private listStatement(
    sort: WellQuery['sort'],
    shape: ListShape,
    sparklines: boolean,
    basis: RateBasis,
  ) {
    const column = sort?.column ?? 'name';
    const direction = sort?.direction === 'desc' ? 'DESC' : 'ASC';
    const key = `${column} ${direction} ${shape} ${sparklines} ${basis}`;
    let statement = this.preparedByKey.get(key);
    if (!statement) {
      statement = this.db.prepare(wellListSql(column, direction, shape, sparklines, basis));
      this.preparedByKey.set(key, statement);
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
    // UPSERT_BATCH wells a statement: one statement a well held a project's first open (20,000
    // wells) for 0.6 s of the core's time.
    for (let from = 0; from < wells.length; from += UPSERT_BATCH) {
      const batch = wells.slice(from, from + UPSERT_BATCH);
      const values = batch.flatMap((well) => [
        connectionId,
        well.id,
        ...DATA.map((column) => well[column]),
        at,
      ]);
      changed = this.upsertRows(batch.length).run(values).changes > 0 || changed;
    }
    const seen = new Set(wells.map((well) => well.id));
    for (const id of this.statements.ids.all(connectionId, projectId) as string[]) {
      if (!seen.has(id)) changed = this.remove(connectionId, id) || changed;
    }
    this.statements.touchProject.run(at, connectionId, projectId);
    return changed;
  }

  /** The upsert of `rows` wells in one statement, prepared once per size. */
  private upsertRows(rows: number) {
    const key = `upsert ${rows}`;
    let statement = this.preparedByKey.get(key);
    if (!statement) {
      statement = this.db.prepare(
        upsertRowsIfChangedSql('wells', ['connection_id', 'id'], DATA, ['fetched_at'], rows),
      );
      this.preparedByKey.set(key, statement);
    }
    return statement;
  }

  remove(connectionId: string, id: string): boolean {
    return this.statements.remove.run(connectionId, id).changes > 0;
  }
}

/** The named parameters of the list's FILTER (wells-list-sql.ts), with the overlay when given. */
function filterParams(
  connectionId: string,
  projectId: string,
  query: WellQuery,
  overlay: string | null,
) {
  const words = searchWords(query.search ?? '');
  const params = {
    connectionId,
    projectId,
    type: query.type ?? null,
    status: query.status ?? null,
    words: words.length === 0 ? null : JSON.stringify(words),
    hideInactive: query.hideInactive ? 1 : 0,
    ids: query.wellIds === undefined ? null : JSON.stringify(query.wellIds),
  };
  return overlay === null ? params : { ...params, overlay };
}
