import { daysFromCivil } from '../production/dates.js';
import { civilMonth, monthLabel, parseIsoDay } from './calendar.js';
import { DeclineInputError } from './errors.js';
import { checkModel, cumulativeAt, rateAt, timeToRate, type DeclineModel } from './model.js';
import { DAYS_PER_YEAR } from './units.js';

/** A fitted curve placed on the caller's day axis: qi is the rate on day `t0`. */
export interface PlacedDecline {
  model: DeclineModel | null;
  t0: number;
  /** Where a forecast starts unless told otherwise (a fit's last producing day). */
  lastProducingDay?: number | null;
}

export interface ForecastOptions {
  /** ISO date of day 0 of the day axis; calendar months are counted from it. */
  referenceDate: string;
  /** Volume produced up to `startDay` (rate × days): EUR = this + the forecast. */
  cumulativeToDate: number;
  /**
   * Day the forecast starts (default: the fit's last producing day). Give the
   * day after it when `cumulativeToDate` already includes that day's volume.
   */
  startDay?: number;
  /** Economic limit rate (default 1 volume/day): the forecast stops when the curve reaches it. */
  limitRate?: number;
  /** A day to stop at, whatever the rate. */
  endDay?: number;
  /** Longest forecast in years of 365.25 days (default 50). */
  maxYears?: number;
}

export type ForecastEnd = 'economic-limit' | 'end-date' | 'max-duration' | 'below-limit-at-start';

export interface ForecastMonth {
  /** `YYYY-MM`. */
  month: string;
  /** Days of the month inside the forecast (fractional when it starts or ends mid-day). */
  days: number;
  /** Exact integral of the curve's rate over those days. */
  volume: number;
}

export interface Forecast {
  startDay: number;
  endDay: number;
  endReason: ForecastEnd;
  startRate: number;
  endRate: number;
  /** Days from `startDay` until the curve reaches the limit rate (0 if it is already below). */
  daysToLimit: number;
  /** Volume from `startDay` to `endDay`. */
  remaining: number;
  /** Estimated ultimate recovery: cumulativeToDate + remaining. */
  eur: number;
  months: ForecastMonth[];
}

/**
 * Forecasts a placed decline curve from `startDay` to the first of: the
 * economic limit rate, `endDay`, or `maxYears`; volumes are the closed-form
 * cumulative differences, so monthly volumes sum to `remaining` exactly up to
 * rounding.
 */
/** The longest forecast when none is set (years): EURs say so when they stop there. */
export const FORECAST_MAX_YEARS = 50;

export function forecastDecline(curve: PlacedDecline, options: ForecastOptions): Forecast {
  const { model, t0 } = curve;
  if (!model) throw new DeclineInputError('There is no fitted curve to forecast from.');
  checkModel(model);
  const reference = parseIsoDay(options.referenceDate);
  const limitRate = options.limitRate ?? 1;
  const maxYears = options.maxYears ?? FORECAST_MAX_YEARS;
  const startDay = options.startDay ?? curve.lastProducingDay ?? t0;
  const { cumulativeToDate } = options;
  if (!(Number.isFinite(cumulativeToDate) && cumulativeToDate >= 0)) {
    throw new DeclineInputError(
      `cumulativeToDate must be a finite volume ≥ 0 (got ${cumulativeToDate}).`,
    );
  }
  if (!(Number.isFinite(limitRate) && limitRate > 0)) {
    throw new DeclineInputError(`The limit rate must be a finite rate > 0 (got ${limitRate}).`);
  }
  if (!(Number.isFinite(maxYears) && maxYears > 0)) {
    throw new DeclineInputError(`maxYears must be a finite number > 0 (got ${maxYears}).`);
  }
  if (!(Number.isFinite(startDay) && startDay >= t0)) {
    throw new DeclineInputError(
      `The forecast must start at or after the curve's day 0 (${t0}); got ${startDay}.`,
    );
  }
  if (
    options.endDay !== undefined &&
    !(Number.isFinite(options.endDay) && options.endDay >= startDay)
  ) {
    throw new DeclineInputError(
      `The forecast end day must be finite and not before its start (${startDay}); got ${options.endDay}.`,
    );
  }

  const startRate = rateAt(model, startDay - t0);
  const daysToLimit = Math.max(0, timeToRate(model, limitRate) - (startDay - t0));
  let endDay = startDay + daysToLimit;
  let endReason: ForecastEnd = daysToLimit === 0 ? 'below-limit-at-start' : 'economic-limit';
  const maxEnd = startDay + maxYears * DAYS_PER_YEAR;
  if (options.endDay !== undefined && options.endDay < endDay) {
    endDay = options.endDay;
    endReason = 'end-date';
  }
  if (maxEnd < endDay) {
    endDay = maxEnd;
    endReason = 'max-duration';
  }

  const cumulative = (day: number) => cumulativeAt(model, day - t0);
  const remaining = cumulative(endDay) - cumulative(startDay);
  const months: ForecastMonth[] = [];
  let from = startDay;
  while (from < endDay) {
    const { year, month } = civilMonth(reference + from);
    const nextMonth =
      month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1);
    const to = Math.min(endDay, nextMonth - reference);
    months.push({
      month: monthLabel(year, month),
      days: to - from,
      volume: cumulative(to) - cumulative(from),
    });
    from = to;
  }
  return {
    startDay,
    endDay,
    endReason,
    startRate,
    endRate: rateAt(model, endDay - t0),
    daysToLimit,
    remaining,
    eur: cumulativeToDate + remaining,
    months,
  };
}
