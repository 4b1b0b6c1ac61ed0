import type { DeclineForecastSummary, DeclineStream } from '#shared/desktop/index.js';
import {
  DeclineInputError,
  forecastDecline,
  parseIsoDay,
  type DeclineModel,
} from '#shared/decline/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { StoredFit } from './decline-fits-repo.js';
import type { StoredSettings } from './decline-settings-repo.js';

/** The model a stored fit describes (imperial qi per day, nominal declines per year). */
export function storedModel(
  fit: Pick<StoredFit, 'kind' | 'qi' | 'di' | 'b' | 'dMin'>,
): DeclineModel {
  switch (fit.kind) {
    case 'exponential':
    case 'harmonic':
      return { kind: fit.kind, qi: fit.qi, di: fit.di };
    case 'hyperbolic':
      return { kind: fit.kind, qi: fit.qi, di: fit.di, b: fit.b };
    case 'modified-hyperbolic':
      return { kind: fit.kind, qi: fit.qi, di: fit.di, b: fit.b, dMin: fit.dMin ?? fit.di };
  }
}

/**
 * The forecast of a saved fit under the given settings, imperial: it starts
 * the day after the last producing day (whose volume the cumulative already
 * holds) and runs to the economic limit, the settings' end date (inclusive),
 * or the settings' cap (`maxYears`), whichever comes first. The settings'
 * save recomputes every saved fit's EUR through here, so the panel, the wells
 * table, the report and the CSV all stop at the same cap. Null when the curve
 * cannot be forecast from that day (a start before the anchor cannot happen
 * for saved fits).
 */
export function forecastOf(
  fit: Pick<
    StoredFit,
    'kind' | 'qi' | 'di' | 'b' | 'dMin' | 'anchorDate' | 'lastProducingDate' | 'cumulativeToDate'
  >,
  stream: DeclineStream,
  settings: StoredSettings,
): DeclineForecastSummary | null {
  const anchor = parseIsoDay(fit.anchorDate);
  const startDate = addDays(fit.lastProducingDate, 1);
  const startDay = Math.max(parseIsoDay(startDate), anchor);
  const endDay =
    settings.endDate === null ? undefined : Math.max(startDay, parseIsoDay(settings.endDate) + 1);
  try {
    const forecast = forecastDecline(
      { model: storedModel(fit), t0: anchor },
      {
        referenceDate: '1970-01-01',
        cumulativeToDate: fit.cumulativeToDate,
        startDay,
        limitRate: settings.limits[stream],
        ...(endDay === undefined ? {} : { endDay }),
        maxYears: settings.maxYears,
      },
    );
    const lastDay = Math.max(startDay, Math.ceil(forecast.endDay) - 1);
    return {
      startDate,
      endDate: addDays('1970-01-01', lastDay),
      endReason: forecast.endReason,
      cumulativeToDate: fit.cumulativeToDate,
      eur: forecast.eur,
      remaining: forecast.remaining,
      daysToLimit: forecast.daysToLimit,
      months: forecast.months.map(({ month, volume }) => ({ month, volume })),
    };
  } catch (error) {
    if (error instanceof DeclineInputError) return null;
    throw error;
  }
}
