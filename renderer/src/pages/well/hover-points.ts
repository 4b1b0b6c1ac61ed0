import { DAY_MS } from './series.js';
import type { DayWindow } from './zoom.js';

/**
 * What a chart's hover cursor and synchronised readout snap to: the window's rows in
 * epoch ms, thinned to at most one per pixel column (the readout itself reads the
 * nearest row's exact values).
 */
export function hoverPoints(
  days: ArrayLike<number>,
  window: DayWindow,
  columns: number,
): readonly number[] {
  const inWindow: number[] = [];
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as number;
    if (day >= window.from && day <= window.to) inWindow.push(day);
  }
  const step = Math.max(1, Math.ceil(inWindow.length / Math.max(1, columns)));
  const points: number[] = [];
  for (let i = 0; i < inWindow.length; i += step) points.push((inWindow[i] as number) * DAY_MS);
  return points;
}

/**
 * The hover points with the forecast's days added (one per pixel column of the part of the
 * forecast inside the window), so the cursor and readout can stand on the forecast, where
 * there are no rows, and read its rate.
 */
export function withForecastPoints(
  points: readonly number[],
  forecast: DayWindow | null,
  window: DayWindow,
  columns: number,
): readonly number[] {
  if (!forecast) return points;
  const from = Math.max(Math.ceil(forecast.from), Math.ceil(window.from));
  const to = Math.min(Math.floor(forecast.to), Math.floor(window.to));
  if (to < from) return points;
  const perColumn = (window.to - window.from + 1) / Math.max(1, columns);
  const step = Math.max(1, Math.floor(perColumn));
  const last = points.at(-1) ?? -Infinity;
  const added: number[] = [];
  for (let day = from; day <= to; day += step) {
    if (day * DAY_MS > last) added.push(day * DAY_MS);
  }
  return added.length === 0 ? points : [...points, ...added];
}
