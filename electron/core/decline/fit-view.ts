import { fromStored, type UnitSystem } from '#shared/api/index.js';
import type {
  DeclineFitHistoryEntry,
  DeclineForecastSummary,
  SavedDeclineFit,
  WellDeclineSummary,
} from '#shared/desktop/index.js';
import type { FitHistoryEntry, StoredFit } from './decline-fits-repo.js';
import type { StoredSettings } from './decline-settings-repo.js';
import { forecastOf, storedModel } from './fit-forecast.js';
import { STREAM_QUANTITY } from './stream-units.js';

/** Saved fits as the renderer sees them: rates and volumes in the project's units. */

export function fitView(
  fit: StoredFit,
  settings: StoredSettings,
  system: UnitSystem,
  stale: boolean,
): SavedDeclineFit {
  const convert = (value: number) => fromStored(STREAM_QUANTITY[fit.stream], value, system);
  const forecast = forecastOf(fit, fit.stream, settings);
  return {
    wellId: fit.wellId,
    stream: fit.stream,
    ...fitBasis(fit, convert),
    pointsUsed: fit.pointsUsed,
    pointsExcluded: fit.pointsExcluded,
    poor: fit.poor,
    reasons: fit.reasons,
    savedAt: fit.savedAt,
    stale,
    forecast: forecast === null ? null : convertForecast(forecast, convert),
  };
}

/** What a saved fit and a history entry both show of a fit: its basis, model and goodness. */
function fitBasis(fit: StoredFit, convert: (value: number) => number) {
  const model = storedModel(fit);
  return {
    frequency: fit.frequency,
    window: { from: fit.windowFrom, to: fit.windowTo },
    windowChosen: fit.windowChosen,
    anchorDate: fit.anchorDate,
    model: { ...model, qi: convert(model.qi) },
    origin: fit.origin,
    goodness:
      fit.rmseLog === null || fit.r2Log === null
        ? null
        : { rmseLog: fit.rmseLog, r2Log: fit.r2Log },
  };
}

function convertForecast(
  forecast: DeclineForecastSummary,
  convert: (value: number) => number,
): DeclineForecastSummary {
  return {
    ...forecast,
    cumulativeToDate: convert(forecast.cumulativeToDate),
    eur: convert(forecast.eur),
    remaining: convert(forecast.remaining),
    months: forecast.months.map(({ month, volume }) => ({ month, volume: convert(volume) })),
  };
}

/** The wells table's columns of one fit, from the stored EUR and remaining. */
export function fitSummary(fit: StoredFit, system: UnitSystem, stale: boolean): WellDeclineSummary {
  const convert = (value: number | null) =>
    value === null ? null : fromStored(STREAM_QUANTITY[fit.stream], value, system);
  return {
    eur: convert(fit.eur),
    remaining: convert(fit.remaining),
    b: fit.b,
    diEffectivePercent: fit.diEffectivePercent,
    rmseLog: fit.rmseLog,
    poor: fit.poor,
    stale,
  };
}

/** An entry of a stream's fit history, in the project's units. */
export function historyView(
  entry: FitHistoryEntry,
  system: UnitSystem,
  current: boolean,
): DeclineFitHistoryEntry {
  const { fit } = entry;
  const convert = (value: number) => fromStored(STREAM_QUANTITY[fit.stream], value, system);
  return {
    id: entry.id,
    source: entry.source,
    recordedAt: entry.recordedAt,
    restoredFrom: entry.restoredFrom,
    current,
    ...fitBasis(fit, convert),
    eur: fit.eur === null ? null : convert(fit.eur),
  };
}
