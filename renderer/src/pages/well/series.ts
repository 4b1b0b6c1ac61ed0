import type { Column } from '#shared/production/index.js';
import { downsampleMinMax } from '#shared/production/index.js';
import { rowSlice, type DayWindow } from './zoom.js';

export interface ChartPoint {
  /** Epoch milliseconds of the row's date (the time scale's unit). */
  x: number;
  /** Null is a gap: the line breaks there. */
  y: number | null;
}

export const DAY_MS = 86_400_000;

export interface SeriesRequest {
  /** Epoch days of the rows, ascending. */
  x: readonly number[];
  values: Column;
  window: DayWindow;
  /** The plot's width in pixels: about two points per column come back. */
  columns: number;
  /** Zeros become gaps: log(0) is not drawable, and a shut-in must not plunge to the axis. */
  logScale: boolean;
  /** A step between rows larger than this (in days) breaks the line: 1 daily, 31 monthly. */
  maxStep: number;
}

/**
 * One series cut to the window and reduced to about two points per pixel column with
 * each column's min and max kept (a one-day shut-in or spike survives) and gaps kept as
 * gaps. Cutting before reducing is what makes a zoom reveal detail: the same number of
 * points now spans fewer days.
 */
export function windowSeries(request: SeriesRequest): ChartPoint[] {
  const { start, end } = rowSlice(request.x, request.window);
  const reduced = downsampleMinMax(
    request.x.slice(start, end),
    request.values.slice(start, end),
    request.columns,
    { positiveOnly: request.logScale, maxStep: request.maxStep },
  );
  const points = new Array<ChartPoint>(reduced.x.length);
  for (let i = 0; i < points.length; i++) {
    points[i] = { x: (reduced.x[i] as number) * DAY_MS, y: reduced.y[i] ?? null };
  }
  return points;
}

/**
 * `windowSeries`, remembered per series: a column keeps its last reduction until the
 * window, width or scale changes, so toggling another series or re-rendering a chart
 * costs nothing, and the work never runs in React's render path twice for one input.
 */
const cache = new WeakMap<Column, { key: string; points: ChartPoint[] }>();

export function cachedWindowSeries(request: SeriesRequest): ChartPoint[] {
  const { window, columns, logScale, maxStep } = request;
  const key = `${window.from}:${window.to}:${columns}:${logScale}:${maxStep}:${request.x.length}`;
  const hit = cache.get(request.values);
  if (hit && hit.key === key) return hit.points;
  const points = windowSeries(request);
  cache.set(request.values, { key, points });
  return points;
}

/** True when the column has a drawable value in the window (for "no data" notes). */
export function hasValueIn(
  x: readonly number[],
  values: Column,
  window: DayWindow,
  logScale: boolean,
): boolean {
  const { start, end } = rowSlice(x, window);
  for (let i = start; i < end; i++) {
    const value = values[i];
    if (value != null && (logScale ? value > 0 : Number.isFinite(value))) return true;
  }
  return false;
}
