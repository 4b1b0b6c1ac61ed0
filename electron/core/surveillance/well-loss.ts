import { rateAt, type DeclineModel } from '#shared/decline/index.js';
import { isoFromEpochDay } from '#shared/dates/iso-day.js';
import type { LossReason } from '#shared/desktop/index.js';

/**
 * A well's lost production (deferment) day by day: on a day it was shut in or ran less than
 * a full day, what it could have made (its potential) minus what it made.
 *
 * - Shut in: runtime 0, or no runtime reported and a rate of 0.
 * - Reduced runtime: runtime above 0 and below 24 h.
 * - A day without a record of the stream, or a full day, loses nothing here: a full day
 *   below the forecast is variance (well-variance.ts), not deferment.
 * - Potential: the saved forecast's rate on the day; without a fit (or before its anchor),
 *   the mean rate of the last 30 full producing days before it (runtime 24 h, or none
 *   reported, and a rate above zero) within the year before the window (the days the
 *   caller reads). A day with neither is not rated and loses nothing.
 * - Lost: potential − actual, never below 0 and never above the potential. Rates are daily
 *   volumes (a rate × one day), so lost rates sum to a lost volume.
 * - Cause: the category of the well event covering the day (the latest to start, when
 *   several do); null when no event does, and the day is put down to its kind alone.
 */

export const TRAILING_FULL_DAYS = 30;
export const FULL_DAY_HOURS = 24;
/** How far before the window a trailing rate looks for its full days. */
export const TRAILING_LOOKBACK_DAYS = 365;

export interface LossSeries {
  /** Epoch days, ascending. */
  days: ArrayLike<number>;
  /** null (or NaN, as the packed store has it) for no value. */
  rates: ArrayLike<number | null>;
  runtimes: ArrayLike<number | null>;
}

/** A value of a series: NaN (the packed store's "none") read as null. */
function valueAt(values: ArrayLike<number | null>, i: number): number | null {
  const value = values[i];
  return value === undefined || value === null || Number.isNaN(value) ? null : value;
}

export interface Forecast {
  model: DeclineModel;
  anchorDay: number;
}

/** A well event as the loss needs it: its days (epoch days, both included) and reason. */
export interface CauseSpan {
  startDay: number;
  /** Infinity for an event still going on. */
  endDay: number;
  category: string;
}

export interface DayLoss {
  date: string;
  reason: LossReason;
  /** The category of the event covering the day; null when none does. */
  cause: string | null;
  potential: number;
  actual: number;
  lost: number;
  /** Where the potential came from. */
  from: 'forecast' | 'trailing';
}

export interface WellLoss {
  days: DayLoss[];
  lost: number;
  potential: number;
  actual: number;
  shutInDays: number;
  reducedRuntimeDays: number;
  /** Shut-in or reduced days with no potential to rate them by. */
  unratedDays: number;
}

function reasonOf(rate: number | null, runtime: number | null): LossReason | null {
  if (runtime !== null) {
    if (runtime <= 0) return 'shut-in';
    return runtime < FULL_DAY_HOURS ? 'reduced-runtime' : null;
  }
  return rate === 0 ? 'shut-in' : null;
}

/** Days in [fromDay, toDay] of `series` that lost production, with the totals. */
export function wellLoss(
  series: LossSeries,
  fromDay: number,
  toDay: number,
  forecast: Forecast | null,
  events: readonly CauseSpan[] = [],
): WellLoss {
  // Latest start first, so the first covering span is the one a day is put down to.
  const spans = [...events].sort((a, b) => b.startDay - a.startDay);
  const causeOn = (day: number) =>
    spans.find((span) => span.startDay <= day && day <= span.endDay)?.category ?? null;
  const result: WellLoss = {
    days: [],
    lost: 0,
    potential: 0,
    actual: 0,
    shutInDays: 0,
    reducedRuntimeDays: 0,
    unratedDays: 0,
  };
  // The last full producing days' rates, as a running window.
  const trailing: number[] = [];
  let trailingSum = 0;
  for (let i = 0; i < series.days.length; i++) {
    const day = series.days[i] as number;
    if (day > toDay) break;
    const rate = valueAt(series.rates, i);
    const runtime = valueAt(series.runtimes, i);
    const reason = day >= fromDay ? reasonOf(rate, runtime) : null;
    if (reason) {
      const fromForecast = forecast !== null && day >= forecast.anchorDay;
      const potential = fromForecast
        ? rateAt(forecast.model, day - forecast.anchorDay)
        : trailing.length > 0
          ? trailingSum / trailing.length
          : null;
      if (reason === 'shut-in') result.shutInDays++;
      else result.reducedRuntimeDays++;
      if (potential === null) {
        result.unratedDays++;
      } else {
        const actual = rate ?? 0;
        const lost = Math.min(potential, Math.max(0, potential - actual));
        result.days.push({
          date: isoFromEpochDay(day),
          reason,
          cause: causeOn(day),
          potential,
          actual,
          lost,
          from: fromForecast ? 'forecast' : 'trailing',
        });
        result.lost += lost;
        result.potential += potential;
        result.actual += actual;
      }
    }
    const full = rate !== null && rate > 0 && (runtime === null || runtime >= FULL_DAY_HOURS);
    if (full) {
      trailing.push(rate);
      trailingSum += rate;
      if (trailing.length > TRAILING_FULL_DAYS) trailingSum -= trailing.shift() as number;
    }
  }
  return result;
}
