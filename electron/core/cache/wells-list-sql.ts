import type { WellSortColumn } from '#shared/desktop/index.js';
import { NAME_WORD_BREAKS } from '#shared/wells/well-identifier.js';
import type { RateBasis } from '#shared/production/rate-basis.js';
import { heldFromSql } from './held-from-sql.js';

/**
 * The SQL of wells-list and wells-get (WellsRepo runs it). Rows are read from
 * `listed`: the wells, with queued changes merged when there are some (see
 * `overlaid`), and, joined on primary keys, what migration 2 keeps per well:
 * the latest producing day (production_latest) and the widest coverage
 * interval (coverage_widest), the screening figures (well_screening), and the
 * saved decline fit of each stream (decline_fits, sort keys only: wells-list
 * reads the fits of its page apart).
 * production_latest holds server rows only:
 * queued production edits are not reflected in it (the overlay merges them
 * into production reads alone).
 */

const STREAMS = ['oil', 'gas', 'water'] as const;
/** Saved decline fits (migration 6), one join per stream, each on the fits' primary key. */
const FIT_JOINS = STREAMS.map(
  (stream) =>
    `LEFT JOIN decline_fits f_${stream} ON f_${stream}.connection_id = w.connection_id
    AND f_${stream}.well_id = w.id AND f_${stream}.stream = '${stream}'`,
).join('\n  ');
const FIT_COLUMNS = STREAMS.map(
  (s) => `f_${s}.eur AS ${s}_eur, f_${s}.remaining AS ${s}_remaining, f_${s}.b AS ${s}_b,
  f_${s}.di_effective_percent AS ${s}_di, f_${s}.rmse_log AS ${s}_rmse`,
).join(',\n  ');
const SUMMARY_JOINS = `LEFT JOIN production_latest l ON l.connection_id = w.connection_id AND l.well_id = w.id
  LEFT JOIN coverage_widest v ON v.connection_id = w.connection_id AND v.well_id = w.id
  LEFT JOIN well_screening s ON s.connection_id = w.connection_id AND s.well_id = w.id
  ${FIT_JOINS}`;
/**
 * The latest producing day: the cached rows' (production_latest), unless the
 * screening figures (migration 9) know a later one, as the server's summary
 * does for a well whose rows this computer does not hold.
 */
const SCREENING_NEWER = '(l.date IS NULL OR s.last_date > l.date)';
const latest = (column: string, rows: string, screening: string) =>
  `CASE WHEN ${SCREENING_NEWER} THEN s.${screening} ELSE l.${rows} END AS ${column}`;
/**
 * The latest rates on a basis (shared/production/rate-basis.ts): the last producing day's,
 * or the screening figures' average over the last 7 or 30 producing days. Named alike
 * whatever the basis, so the rate sort columns sort on the basis shown.
 */
const RATE_COLUMNS: Record<RateBasis, string> = {
  'last-day': `${latest('last_oil_rate', 'oil_rate', 'oil_rate')},
  ${latest('last_gas_rate', 'gas_rate', 'gas_rate')},
  ${latest('last_water_rate', 'water_rate', 'water_rate')}`,
  'avg-7': `s.oil_avg_7 AS last_oil_rate, s.gas_avg_7 AS last_gas_rate,
  s.water_avg_7 AS last_water_rate`,
  'avg-30': `s.oil_avg_30 AS last_oil_rate, s.gas_avg_30 AS last_gas_rate,
  s.water_avg_30 AS last_water_rate`,
};
const summaryColumns = (basis: RateBasis) => `${latest('last_date', 'date', 'last_date')},
  ${RATE_COLUMNS[basis]},
  COALESCE(${heldFromSql('v')}, v.from_date) AS offline_from, v.to_date AS offline_to,
  s.as_of AS screening_as_of, s.oil_change, s.gas_change, s.water_change, s.sparklines,
  ${FIT_COLUMNS}`;

/**
 * NOT MATERIALIZED: a windowed list reads `listed` twice, and each use must
 * stay a view over the indexes, never a copy of every well. (Unused LEFT JOINs
 * on a primary key are dropped by SQLite, so a use that needs no summary pays
 * for none.)
 */
const listed = (basis: RateBasis) => `WITH listed AS NOT MATERIALIZED (
    SELECT w.rowid AS rid, w.*, ${summaryColumns(basis)} FROM wells w ${SUMMARY_JOINS})`;

const COLUMNS = `id, project_id AS projectId, name, api_number AS apiNumber, type, status,
  latitude, longitude, spud_date AS spudDate, first_production_date AS firstProductionDate,
  lateral_length_ft AS lateralLengthFt, perf_top_ft AS perfTopFt, perf_bottom_ft AS perfBottomFt,
  created_at AS createdAt, updated_at AS updatedAt, fetched_at AS fetchedAt,
  last_date AS lastProductionDate, last_oil_rate AS lastOilRate, last_gas_rate AS lastGasRate,
  last_water_rate AS lastWaterRate, offline_from AS offlineFrom, offline_to AS offlineTo,
  screening_as_of AS screeningAsOf, oil_change AS oilChange, gas_change AS gasChange,
  water_change AS waterChange`;
/** The sparklines' JSON only when asked for: a page's worth is small, every well's is not. */
const columns = (sparklines: boolean) =>
  `${COLUMNS}, ${sparklines ? 'sparklines' : 'NULL'} AS sparklines`;

/**
 * Whitelisted: a sort column never reaches SQL as text from outside. Rates
 * sort by their imperial value: every conversion multiplies by a positive
 * factor, so the order is the project's units' order too.
 */
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
  lastProductionDate: 'last_date',
  latestOilRate: 'last_oil_rate',
  latestGasRate: 'last_gas_rate',
  latestWaterRate: 'last_water_rate',
  // EUR and remaining are imperial (one positive factor from the project's units): same order.
  oilEur: 'oil_eur',
  oilRemaining: 'oil_remaining',
  oilB: 'oil_b',
  oilDi: 'oil_di',
  oilFitRmse: 'oil_rmse',
  gasEur: 'gas_eur',
  gasRemaining: 'gas_remaining',
  gasB: 'gas_b',
  gasDi: 'gas_di',
  gasFitRmse: 'gas_rmse',
  waterEur: 'water_eur',
  waterRemaining: 'water_remaining',
  waterB: 'water_b',
  waterDi: 'water_di',
  waterFitRmse: 'water_rmse',
  // Percent; the latest day counts back from today, so fewer days since is a later day.
  oilChange: 'oil_change',
  gasChange: 'gas_change',
  waterChange: 'water_change',
  daysSinceProduction: '(0 - julianday(last_date))',
};

/** name_key (the name in lower case) with each of NAME_WORD_BREAKS as a space. */
const NAME_KEY_WORDS = NAME_WORD_BREAKS.reduce(
  (sql, mark) => `replace(${sql}, '${mark}', ' ')`,
  'name_key',
);

/**
 * The search finds wells where every word typed (in any order: searchWords in
 * shared/wells/well-identifier.ts) starts a word of the name (nameWords), or is a part of
 * the identifier's key: the same key of
 * the stored identifier and of the search text (shared/wells/well-identifier.ts, registered
 * as the SQL function well_identifier_key by WellsRepo), so an identifier is found however
 * it is written, with or without separators, in the form our server stores or its
 * authority's. Computed from api_number, not api_digits, so a queued identifier change
 * (`overlaid` patches api_number) is searched as the engineer sees it.
 */
const FILTER = `connection_id = @connectionId AND project_id = @projectId
  AND (@type IS NULL OR type = @type)
  AND (@status IS NULL OR status = @status)
  AND (@words IS NULL OR NOT EXISTS (
    SELECT 1 FROM json_each(@words) AS word
    WHERE instr(' ' || ${NAME_KEY_WORDS}, ' ' || json_extract(word.value, '$.name')) = 0
      AND (json_extract(word.value, '$.id') = ''
           OR coalesce(instr(well_identifier_key(api_number), json_extract(word.value, '$.id')), 0) = 0)))
  AND (@hideInactive = 0 OR status IS NULL OR status NOT IN ('inactive', 'shut_in'))
  AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))`;

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
/**
 * `basis`: the latest rates' (null for the count, which needs no summary: SQLite keeps
 * those joins here).
 */
const overlaid = (basis: RateBasis | null) => `WITH patches AS (
    SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.patch') AS patch,
      json_extract(value, '$.state') AS sync_state FROM json_each(@overlay)),
  listed AS (
    SELECT w.connection_id, w.project_id, w.id, w.first_production_date, w.created_at,
      w.updated_at, w.fetched_at, COALESCE(p.sync_state, 'synced') AS sync_state,
      ${basis === null ? '' : `${summaryColumns(basis)},`}
      ${PATCHABLE.map(
        (column) =>
          `CASE WHEN json_type(p.patch, '$.${column}') IS NULL THEN w.${column} ELSE json_extract(p.patch, '$.${column}') END AS ${column}`,
      ).join(',\n      ')}
    FROM wells w LEFT JOIN patches p ON p.id = w.id ${basis === null ? '' : SUMMARY_JOINS}
    WHERE w.connection_id = @connectionId AND w.project_id = @projectId)`;

export const WELL_SQL = {
  // One well (its page): the last producing day's rates, as it shows them.
  get: `${listed('last-day')} SELECT ${columns(false)} FROM listed WHERE connection_id = ? AND id = ?`,
  count: `SELECT COUNT(*) FROM wells WHERE ${FILTER}`,
  countOverlaid: `${overlaid(null)} SELECT COUNT(*) FROM listed WHERE ${FILTER}`,
};

export type ListShape = 'window' | 'all' | 'overlaid';

/**
 * The list in the requested order: empty values last in either direction;
 * name then id break ties so the order is stable. Three shapes:
 *
 * - `window` (a page of a virtualised table, no queued changes): the page is
 *   chosen on narrow rows (row id and sort keys) and only its rows are then
 *   read whole and joined to their summaries. Sorting 20,000 full rows, each
 *   with its lookups, would cost several times more for every column but the
 *   name (which walks an index and stops at the page anyway). The outer ORDER
 *   BY re-sorts the page's few rows: SQL does not promise that a query over an
 *   ordered subquery keeps its order.
 * - `all` (no limit): every row is read whole anyway; one pass.
 * - `overlaid`: the same one pass over `overlaid`; rows carry their syncState.
 */
export function wellListSql(
  sortColumn: WellSortColumn,
  direction: 'ASC' | 'DESC',
  shape: ListShape,
  sparklines = false,
  basis: RateBasis = 'last-day',
): string {
  const selected = columns(sparklines);
  const column = SORT_SQL[sortColumn];
  const order = listOrderSql(sortColumn, direction);
  const listOrder = order(column, 'name_key', 'id');
  if (shape === 'overlaid') {
    return `${overlaid(basis)} SELECT ${selected}, sync_state AS syncState FROM listed
      WHERE ${FILTER} ORDER BY ${listOrder} LIMIT @limit OFFSET @offset`;
  }
  if (shape === 'all') {
    return `${listed(basis)} SELECT ${selected} FROM listed
      WHERE ${FILTER} ORDER BY ${listOrder} LIMIT @limit OFFSET @offset`;
  }
  // The page's columns are named apart, so COLUMNS read `listed` unambiguously.
  return `${listed(basis)},
    page AS (
      SELECT rid AS page_rid, name_key AS page_name, id AS page_id, ${column} AS page_key
      FROM listed WHERE ${FILTER} ORDER BY ${listOrder} LIMIT @limit OFFSET @offset)
    SELECT ${selected} FROM page JOIN listed ON listed.rid = page_rid
    ORDER BY ${order('page_key', 'page_name', 'page_id')}`;
}

/** ORDER BY for a sort key, name and id: empty keys last, name then id break ties. */
function listOrderSql(sortColumn: WellSortColumn, direction: 'ASC' | 'DESC') {
  const byName = SORT_SQL[sortColumn] === 'name_key';
  return (key: string, name: string, id: string) =>
    byName
      ? `${name} ${direction}, ${id} ${direction}`
      : `${key} IS NULL, ${key} ${direction}, ${name}, ${id}`;
}

/**
 * wells-index's SQL: the id, name and identifier of every well matching the filters, in the
 * list's order (the same FILTER and ORDER BY as wellListSql, so the two cannot disagree). Only
 * the sort key's summary is joined: SQLite drops the unused LEFT JOINs on primary keys.
 */
export function wellIndexSql(
  sortColumn: WellSortColumn,
  direction: 'ASC' | 'DESC',
  withOverlay: boolean,
  basis: RateBasis = 'last-day',
): string {
  const order = listOrderSql(sortColumn, direction)(SORT_SQL[sortColumn], 'name_key', 'id');
  const source = withOverlay ? overlaid(basis) : listed(basis);
  return `${source} SELECT id, name, api_number FROM listed WHERE ${FILTER} ORDER BY ${order}`;
}
