import { FIELD_RULES, PRODUCTION_FIELDS, type UnitSystem } from '../../../shared/api/index.js';
import {
  ApiError,
  CLIENT_ERROR_CODES,
  type ApiProductionSeries,
} from '../../../shared/client/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { StoredRow } from '../cache/production-repo.js';
import { toCacheValue } from '../units/cache-units.js';

const QUANTITIES = PRODUCTION_FIELDS.map((field) => FIELD_RULES[field].quantity);

/**
 * A daily series as cache rows (imperial), with the same contract checks as
 * production-get's fetch (reads/production-fetch.ts keeps its copy private):
 * a series with dates outside the range, out of order or repeated is refused
 * whole, so a broken answer never reaches the cache or the coverage.
 */
export function seriesToRows(
  series: ApiProductionSeries,
  range: DateInterval,
  system: UnitSystem,
): StoredRow[] {
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
    for (let f = 0; f < PRODUCTION_FIELDS.length; f++) {
      const value = item[PRODUCTION_FIELDS[f]!];
      row.push(value == null ? null : toCacheValue(QUANTITIES[f]!, value, system));
    }
    return row;
  });
}
