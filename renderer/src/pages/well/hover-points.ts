import { DAY_MS } from './series.js';
import type { DayWindow } from './zoom.js';

/**
 * What a chart's hover cursor and synchronised tooltip snap to: the window's rows as
 * {x} in ms, thinned to at most one per pixel column (the tooltip itself reads the
 * nearest row's exact values). The array is frozen and never changes.
 */
export function hoverPoints(
  days: readonly number[],
  window: DayWindow,
  columns: number,
): ReadonlyArray<{ x: number }> {
  const inWindow: number[] = [];
  for (const day of days) if (day >= window.from && day <= window.to) inWindow.push(day);
  const step = Math.max(1, Math.ceil(inWindow.length / Math.max(1, columns)));
  const points: Array<{ x: number }> = [];
  for (let i = 0; i < inWindow.length; i += step)
    points.push({ x: (inWindow[i] as number) * DAY_MS });
  // Frozen: recharts keeps its data in an Immer store, which deep-freezes what it is given
  // unless it is frozen already; that walk over every point was a top cost of a redraw.
  return Object.freeze(points);
}
