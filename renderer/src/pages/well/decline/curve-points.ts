import { rateAt, robustScale, type DeclineModel } from '#shared/decline/index.js';
import { DAY_MS, type ChartPoint } from '../series.js';
import type { DayWindow } from '../zoom.js';

/**
 * The decline curve as the rates chart draws it: sampled from the model (not from the
 * data's rows), so it is as smooth on a 3-month zoom as on twenty years, and it reaches
 * past the last producing day into the forecast. Days are epoch days; points come back
 * in epoch milliseconds, as the charts' time axis wants.
 */

/** Two samples per pixel column is as fine as a line can show. */
const SAMPLES_PER_COLUMN = 2;

/**
 * The curve between days `from` and `to` (clipped to the chart's window and to the
 * curve's day 0, before which the model says nothing), about two points per pixel column
 * of the window. Empty when nothing of it is in the window.
 */
export function curvePoints(
  model: DeclineModel,
  t0: number,
  span: DayWindow,
  window: DayWindow,
  columns: number,
): ChartPoint[] {
  const from = Math.max(span.from, t0, window.from);
  const to = Math.min(span.to, window.to);
  if (!(to > from)) return [];
  const daysPerSample = (window.to - window.from) / Math.max(1, columns * SAMPLES_PER_COLUMN);
  const count = Math.max(2, Math.ceil((to - from) / Math.max(daysPerSample, 1e-9)) + 1);
  const points: ChartPoint[] = [];
  for (let i = 0; i < count; i++) {
    const day = i === count - 1 ? to : from + ((to - from) * i) / (count - 1);
    points.push({ x: day * DAY_MS, y: rateAt(model, day - t0) });
  }
  return points;
}

/**
 * The producing points of the fit window whose ln residual from the curve is beyond
 * `sigmas` robust standard deviations: the points the fit left out as outliers, marked on
 * the chart. The saved fit keeps only their count, so they are found again here from the
 * curve and the rows on screen, with the fit's own rule (shared/decline's robust scale,
 * 4 σ by default).
 */
export function outlierPoints(
  model: DeclineModel,
  t0: number,
  fitWindow: DayWindow,
  rows: { x: readonly number[]; values: ReadonlyArray<number | null> },
  sigmas = 4,
): ChartPoint[] {
  const days: number[] = [];
  const residuals: number[] = [];
  const rates: number[] = [];
  rows.x.forEach((day, i) => {
    const rate = rows.values[i];
    if (day < fitWindow.from || day > fitWindow.to || day < t0) return;
    if (rate == null || !Number.isFinite(rate) || rate <= 0) return;
    days.push(day);
    rates.push(rate);
    residuals.push(Math.log(rate) - Math.log(rateAt(model, day - t0)));
  });
  if (residuals.length < 3) return [];
  // Below 1 % scatter in ln(rate) nothing is an outlier (the fit's own floor).
  const scale = Math.max(robustScale(residuals), 0.01);
  const marks: ChartPoint[] = [];
  residuals.forEach((residual, i) => {
    if (Math.abs(residual) > sigmas * scale) {
      marks.push({ x: (days[i] as number) * DAY_MS, y: rates[i] as number });
    }
  });
  return marks;
}

/**
 * How much forecast the time axis shows: a number of days, all of it (null), or 'share' (the
 * default): half as long as the history shown before it, so the forecast takes at most a
 * third of the axis and the history keeps the rest, whatever the range.
 */
export type ForecastHorizon = number | null | 'share';

/** The shortest forecast 'share' shows, so a zoomed-in range still shows where it goes. */
const MIN_SHARE_DAYS = 90;

/**
 * The time axis with a fit shown: the range, widened to show the horizon's forecast after
 * its start (or to the forecast's end, if sooner). The axis never shrinks below the range
 * the person chose.
 */
export function extendedWindow(
  range: DayWindow,
  forecast: { startDay: number; endDay: number } | null,
  horizon: ForecastHorizon,
): DayWindow {
  if (!forecast) return range;
  const days =
    horizon === null
      ? Infinity
      : horizon === 'share'
        ? Math.max(MIN_SHARE_DAYS, (forecast.startDay - range.from) / 2)
        : horizon;
  const end = Math.min(forecast.endDay, forecast.startDay + days);
  return { from: range.from, to: Math.max(range.to, Math.ceil(end)) };
}
