import { isoFromEpochDay } from '#shared/dates/iso-day.js';
import { rateAt, type DeclineModel } from '#shared/decline/index.js';

/** A stream's days (epoch days, ascending) and rates: null or NaN for no record. */
export interface StreamDays {
  days: ArrayLike<number>;
  rates: ArrayLike<number | null>;
}

function rateAtIndex(series: StreamDays, i: number): number | null {
  const rate = series.rates[i];
  return rate === undefined || rate === null || Number.isNaN(rate) ? null : rate;
}

/**
 * A well's production against its saved forecast over a window: the last `windowDays`
 * days that have a record of the stream (so a well that stopped reporting is judged on
 * its last month of data, not on an empty one), ending on the last of them.
 *
 * - actual: the sum of the daily rates (each day's volume);
 * - forecast: the curve's rate on each of the same days, summed (days before the fit's
 *   anchor, where the curve does not reach, are left out of both);
 * - divergedSince: the first day of the run, up to the window's last day, of days whose
 *   actual was below the forecast by more than `tolerance` (a fraction), followed back
 *   before the window when it fills it: null when the last day was not. This is "when it
 *   started to fall off", the day an engineer looks for an event.
 */
export interface WellVariance {
  from: string;
  to: string;
  days: number;
  actual: number;
  forecast: number;
  /** actual − forecast: negative is production below the forecast. */
  volumeVariance: number;
  /** 100 × (actual − forecast) / forecast; null when the forecast is zero. */
  percentVariance: number | null;
  divergedSince: string | null;
}

export function wellVariance(
  series: StreamDays,
  model: DeclineModel,
  anchorDay: number,
  windowDays: number,
  tolerance: number,
): WellVariance | null {
  const picked: number[] = [];
  for (let i = series.rates.length - 1; i >= 0 && picked.length < windowDays; i--) {
    if (rateAtIndex(series, i) === null) continue;
    if ((series.days[i] as number) < anchorDay) break;
    picked.push(i);
  }
  if (picked.length === 0) return null;
  picked.reverse();
  let actual = 0;
  let forecast = 0;
  let runStart: number | null = null;
  for (const i of picked) {
    const rate = rateAtIndex(series, i) as number;
    const expected = rateAt(model, (series.days[i] as number) - anchorDay);
    actual += rate;
    forecast += expected;
    if (rate < expected * (1 - tolerance)) runStart ??= i;
    else runStart = null;
  }
  // A run that fills the window began before it: follow it back to its first day.
  if (runStart === picked[0]) {
    for (let i = runStart - 1; i >= 0; i--) {
      const rate = rateAtIndex(series, i);
      if (rate === null) continue;
      const t = (series.days[i] as number) - anchorDay;
      if (t < 0 || rate >= rateAt(model, t) * (1 - tolerance)) break;
      runStart = i;
    }
  }
  return {
    from: isoFromEpochDay(series.days[picked[0]!] as number),
    to: isoFromEpochDay(series.days[picked[picked.length - 1]!] as number),
    days: picked.length,
    actual,
    forecast,
    volumeVariance: actual - forecast,
    percentVariance: forecast > 0 ? (100 * (actual - forecast)) / forecast : null,
    divergedSince: runStart === null ? null : isoFromEpochDay(series.days[runStart] as number),
  };
}
