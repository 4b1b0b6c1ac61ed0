import {
  DeclineInputError,
  forecastDecline,
  type DeclineModel,
  type Forecast,
} from '#shared/decline/index.js';
import type { DeclineSettings, SavedDeclineFit } from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';

/**
 * The forecast of the parameters on screen, computed here from shared/decline as the
 * person types or drags (no call to the core per keystroke). It starts where the saved
 * fit's forecast starts (the day after the last producing day) from the same cumulative
 * to date, under the project's settings (limit, end date and cap), so with unchanged
 * parameters it repeats the core's numbers. Days are epoch days (day 0 = 1970-01-01), as the charts use.
 */
export interface ForecastPreview extends Forecast {
  cumulativeToDate: number;
  /** The curve's day 0 (the fit's anchor date). */
  t0: number;
}

const EPOCH = '1970-01-01';

export function previewForecast(
  fit: Pick<SavedDeclineFit, 'stream' | 'anchorDate' | 'forecast'>,
  model: DeclineModel,
  settings: Pick<DeclineSettings, 'economicLimit' | 'endDate' | 'maxYears'>,
): ForecastPreview | null {
  if (!fit.forecast) return null;
  const t0 = epochDay(fit.anchorDate);
  const startDay = Math.max(t0, epochDay(fit.forecast.startDate));
  // The end date is the forecast's last day, included, as the core's saved forecast counts
  // it: the forecast stops at the end of that day, so EUR here and in the wells table agree.
  const endDay = settings.endDate ? epochDay(settings.endDate) + 1 : undefined;
  try {
    const forecast = forecastDecline(
      { model, t0 },
      {
        referenceDate: EPOCH,
        cumulativeToDate: fit.forecast.cumulativeToDate,
        startDay,
        limitRate: settings.economicLimit[fit.stream],
        // An end date before the forecast starts leaves nothing to forecast.
        ...(endDay !== undefined ? { endDay: Math.max(endDay, startDay) } : {}),
        maxYears: settings.maxYears,
      },
    );
    return { ...forecast, cumulativeToDate: fit.forecast.cumulativeToDate, t0 };
  } catch (error) {
    if (error instanceof DeclineInputError) return null;
    throw error;
  }
}

/**
 * The forecast's last day (epoch day) as the core reports it: the day the forecast ends in,
 * so an end date shows as itself and not as the day after, where the forecast stops.
 */
export function lastForecastDay(forecast: Pick<Forecast, 'startDay' | 'endDay'>): number {
  return Math.max(Math.floor(forecast.startDay), Math.ceil(forecast.endDay) - 1);
}
