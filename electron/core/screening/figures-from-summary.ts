import { FIELD_RULES, type UnitSystem } from '#shared/api/index.js';
import type { WellLatestProduction } from '#shared/client/index.js';
import {
  SPARKLINE_DAYS,
  percentChange,
  streamAverages,
  type ScreeningFigures,
  type StreamValues,
} from '#shared/production/screening.js';
import { toCacheNullable } from '../units/cache-units.js';

/**
 * A well of the server's project summary (in the project's units) as the
 * figures the cache keeps (imperial). The change is computed here, from the
 * two days' rates, exactly as from cached rows.
 */
export function figuresFromSummary(
  well: WellLatestProduction,
  system: UnitSystem,
): ScreeningFigures {
  const oil = (value: number | null) =>
    toCacheNullable(FIELD_RULES.oil_rate.quantity, value, system);
  const gas = (value: number | null) =>
    toCacheNullable(FIELD_RULES.gas_rate.quantity, value, system);
  const water = (value: number | null) =>
    toCacheNullable(FIELD_RULES.water_rate.quantity, value, system);
  const ratesOf = (day: WellLatestProduction['latest']): StreamValues<number | null> =>
    day === null
      ? { oil: null, gas: null, water: null }
      : { oil: oil(day.oil_rate), gas: gas(day.gas_rate), water: water(day.water_rate) };
  const latest = ratesOf(well.latest);
  const previous = ratesOf(well.previous);
  const sparkline = well.sparkline;
  // The last SPARKLINE_DAYS of what the server sent, whatever length it chose.
  const last = <T>(values: readonly T[]) => values.slice(-SPARKLINE_DAYS);
  const days: StreamValues<Array<number | null>> =
    sparkline === null || well.latest === null
      ? { oil: [], gas: [], water: [] }
      : {
          oil: last(sparkline.oil_rate.map(oil)),
          gas: last(sparkline.gas_rate.map(gas)),
          water: last(sparkline.water_rate.map(water)),
        };
  return {
    lastProductionDate: well.latest?.date ?? null,
    latest,
    previousDate: well.previous?.date ?? null,
    previous,
    change: {
      oil: percentChange(latest.oil, previous.oil),
      gas: percentChange(latest.gas, previous.gas),
      water: percentChange(latest.water, previous.water),
    },
    sparkline: days,
    // The sparkline's days end at the last producing day, as the cached rows' do.
    averages: streamAverages(days, 0, days.oil.length - 1),
  };
}
