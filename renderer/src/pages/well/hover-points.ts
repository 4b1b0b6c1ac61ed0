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
