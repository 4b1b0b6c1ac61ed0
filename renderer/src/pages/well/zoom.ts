/**
 * Zoom maths for the well charts. Every chart plots time as epoch days (shared/production
 * `epochDay`), so a zoom window is a pair of whole days, inclusive, and it maps to rows
 * by binary search on the ascending day column.
 */
export interface DayWindow {
  from: number;
  to: number;
}

/** The plot area inside a chart, in pixels from the chart's left edge. */
export interface PlotBox {
  left: number;
  width: number;
}

/** The (fractional) day under pixel `px`, clamped to the window the axis shows. */
export function pixelToDay(px: number, plot: PlotBox, window: DayWindow): number {
  if (plot.width <= 0) return window.from;
  const t = Math.min(1, Math.max(0, (px - plot.left) / plot.width));
  return window.from + t * (window.to - window.from);
}

/**
 * The window a drag from day `a` to day `b` selects: whole days, inside `bounds`, at
 * least `minDays` wide (widened around its middle, so a sloppy click-drag on one day
 * still shows something readable). Null when it would show all of `bounds` anyway.
 */
export function selectionWindow(
  a: number,
  b: number,
  bounds: DayWindow,
  minDays: number,
): DayWindow | null {
  let from = Math.max(bounds.from, Math.floor(Math.min(a, b)));
  let to = Math.min(bounds.to, Math.ceil(Math.max(a, b)));
  const span = bounds.to - bounds.from + 1;
  const want = Math.min(minDays, span);
  if (to - from + 1 < want) {
    const middle = (from + to) / 2;
    from = Math.floor(middle - (want - 1) / 2);
    to = from + want - 1;
    if (from < bounds.from) [from, to] = [bounds.from, bounds.from + want - 1];
    if (to > bounds.to) [from, to] = [bounds.to - want + 1, bounds.to];
  }
  if (from <= bounds.from && to >= bounds.to) return null;
  return { from, to };
}

/** The rows [start, end) whose day lies in the window; `x` ascending. */
export function rowSlice(x: ArrayLike<number>, window: DayWindow): { start: number; end: number } {
  return { start: lowerBound(x, window.from), end: lowerBound(x, window.to + 1) };
}

/** The row whose day is nearest to `day` (the earlier of two equally near), or −1 with no rows. */
export function nearestRow(x: ArrayLike<number>, day: number): number {
  if (x.length === 0) return -1;
  const i = lowerBound(x, day);
  if (i === 0) return 0;
  if (i === x.length) return x.length - 1;
  return day - (x[i - 1] as number) <= (x[i] as number) - day ? i - 1 : i;
}

function lowerBound(x: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = x.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((x[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
