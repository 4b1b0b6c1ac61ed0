import { FIELD_RULES, PRODUCTION_FIELDS, type UnitSystem } from '#shared/api/index.js';
import {
  ApiCallError,
  CLIENT_ERROR_CODES,
  type ApiProductionSeries,
} from '#shared/client/index.js';
import type { DateInterval } from './date-intervals.js';
import type { StoredRow } from './production-repo.js';
import { toCacheValue } from '../units/cache-units.js';

const QUANTITIES = PRODUCTION_FIELDS.map((field) => FIELD_RULES[field].quantity);

/**
 * A daily series from the API as cache rows (imperial), for everything that stores one:
 * production-get's fetch, the offline download and the sync's re-read after a push. A series
 * with dates outside the range, out of order or repeated breaks the contract and is refused
 * whole, so a broken answer never reaches the cache or the coverage.
 */
export function seriesToStoredRows(
  series: ApiProductionSeries,
  range: DateInterval,
  system: UnitSystem,
): StoredRow[] {
  let previous = '';
  return series.data.map((item, index) => {
    if (item.date < range.from || item.date > range.to || item.date <= previous) {
      throw new ApiCallError({
        status: 200,
        code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
        message: `the production data is not the contract: data[${index}].date ${item.date} is ${item.date <= previous ? 'out of order or repeated' : `outside ${range.from}…${range.to}`}`,
      });
    }
    previous = item.date;
    const row: StoredRow = [item.date];
    for (let f = 0; f < PRODUCTION_FIELDS.length; f++) {
      const value = item[PRODUCTION_FIELDS[f]!];
      row.push(value == null ? null : toCacheValue(QUANTITIES[f]!, value, system));
    }
    return row;
  });
}
