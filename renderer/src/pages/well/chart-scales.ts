import { decadeAxis, fixedAxis, linearAxis, logAxis, type AxisScale } from './axis-ticks.js';
import type { AxisSpec, ChartSpec } from './chart-specs.js';
import type { ChartPoint } from './series.js';

/**
 * The value axes' bounds and ticks for what a chart shows: each axis scaled to its
 * visible lines, or one decade-aligned log scale for both when the spec shares it.
 * A side with nothing visible gets null (its axis keeps its width, without ticks).
 */
export interface VisibleLine {
  axis: 'left' | 'right';
  points: ChartPoint[];
}

export function chartScales(
  spec: Pick<ChartSpec, 'left' | 'right' | 'sharedLogScale'>,
  visible: readonly VisibleLine[],
): { left: AxisScale | null; right: AxisScale | null } {
  if (spec.sharedLogScale && spec.left.log && spec.right?.log) {
    const shared = sharedScale(visible.map((line) => line.points));
    return {
      left: visible.some((line) => line.axis === 'left') ? shared : null,
      right: visible.some((line) => line.axis === 'right') ? shared : null,
    };
  }
  const scale = (side: 'left' | 'right') => {
    const axis = side === 'left' ? spec.left : spec.right;
    const points = visible.filter((line) => line.axis === side).map((line) => line.points);
    return axis && points.length ? axisScale(axis, points) : null;
  };
  return { left: scale('left'), right: scale('right') };
}

/** One decade-aligned log scale for every visible point of both axes. */
function sharedScale(series: ChartPoint[][]): AxisScale | null {
  let min = Infinity;
  let max = -Infinity;
  for (const points of series) {
    for (const { y } of points) {
      if (y === null || y <= 0) continue;
      if (y < min) min = y;
      if (y > max) max = y;
    }
  }
  return series.length ? decadeAxis(min, max) : null;
}

/** Round-number bounds and ticks for the visible points of one axis. */
function axisScale(axis: AxisSpec, series: ChartPoint[][]): AxisScale {
  if (axis.domain) return fixedAxis(axis.domain);
  let min = Infinity;
  let max = -Infinity;
  for (const points of series) {
    for (const { y } of points) {
      if (y === null || (axis.log && y <= 0)) continue;
      if (y < min) min = y;
      if (y > max) max = y;
    }
  }
  return axis.log ? logAxis(min, max) : linearAxis(max);
}
