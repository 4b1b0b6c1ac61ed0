import { FIELD_RULES, PRODUCTION_FIELDS, type UnitSystem } from '../../../shared/api/index.js';
import {
  ApiError,
  CLIENT_ERROR_CODES,
  isApiError,
  type ApiProductionSeries,
} from '../../../shared/client/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { span, type DateInterval } from '../cache/date-intervals.js';
import type { StoredRow } from '../cache/production-repo.js';
import {
  callServer,
  emitCacheChanged,
  writeIfConnected,
  type CoreContext,
} from '../core-context.js';
import { toCacheValue } from '../units/cache-units.js';
import { fetchProject, forgetWell, storeProject } from './server-refresh.js';

/**
 * Fetches the given date ranges of a well's daily production (all fields) and
 * makes the cache hold exactly the server's rows there, merging the ranges
 * into the well's coverage. Every range is fetched before anything is written.
 *
 * The project is read first: its unitSystem says what units the numbers come
 * in, and trusting a cached unitSystem could store metric numbers as imperial
 * after someone switched the project on the server.
 */
export async function fetchProductionRanges(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  wellId: string,
  ranges: readonly DateInterval[],
  signal: AbortSignal,
): Promise<void> {
  const { project, fetched } = await callServer(ctx, connection, async (client) => {
    const project = await fetchProject(ctx, connection, client, projectId, signal);
    const fetched: Array<{ range: DateInterval; rows: StoredRow[] }> = [];
    for (const range of ranges) {
      let series: ApiProductionSeries;
      try {
        series = await client.getProduction(
          projectId,
          wellId,
          { ...range, aggregation: 'daily', fields: PRODUCTION_FIELDS },
          { signal },
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          throw forgetWell(ctx, connection, projectId, wellId);
        }
        throw error;
      }
      fetched.push({ range, rows: seriesToStored(series, range, project.unitSystem) });
    }
    return { project, fetched };
  });
  storeProject(ctx, connection.id, project);
  const at = ctx.now().toISOString();
  const changes = writeIfConnected(ctx, connection.id, () => {
    // The well may have been removed by a refresh meanwhile; coverage needs it.
    if (!ctx.wells.get(connection.id, wellId)) return 0;
    let changes = 0;
    for (const { range, rows } of fetched) {
      changes += ctx.production.replaceRange(connection.id, wellId, range, rows);
      ctx.coverage.add(connection.id, wellId, range, at);
    }
    return changes;
  });
  if (changes) {
    const range = ranges.reduce(span);
    emitCacheChanged(ctx, {
      connectionId: connection.id,
      kind: 'production',
      projectId,
      wellId,
      range,
    });
  }
}

/**
 * The series as cache rows (imperial). A series that breaks the contract
 * (dates outside the range, out of order or repeated) is refused whole.
 */
export function seriesToStored(
  series: ApiProductionSeries,
  range: DateInterval,
  system: UnitSystem,
): StoredRow[] {
  const quantities = PRODUCTION_FIELDS.map((field) => FIELD_RULES[field].quantity);
  let previous = '';
  return series.data.map((item, index) => {
    if (item.date < range.from || item.date > range.to || item.date <= previous) {
      throw new ApiError({
        status: 200,
        code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
        message: `the production data is not the contract: data[${index}].date ${item.date} is ${item.date <= previous ? 'out of order or repeated' : `outside ${range.from}…${range.to}`}`,
      });
    }
    previous = item.date;
    const row: StoredRow = [item.date];
    PRODUCTION_FIELDS.forEach((field, f) => {
      const value = item[field];
      row.push(value == null ? null : toCacheValue(quantities[f]!, value, system));
    });
    return row;
  });
}
