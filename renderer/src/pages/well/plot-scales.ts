import type { AxisScale } from './axis-ticks.js';
import type { Scale } from './trace-line.js';

/** The plot area inside a chart's SVG, in CSS pixels. */
export interface PlotRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a chart's values go: time (epoch ms) across, each value axis up the plot. */
export interface PlotScales {
  x: Scale;
  left: Scale | undefined;
  right: Scale | undefined;
  plot: PlotRect;
}

/**
 * A linear scale from `domain` onto `range`, as d3's scaleLinear maps it (as the chart library
 * these charts used did): no clamping, so a value outside the domain lands outside the
 * plot, where the plot's clip hides it.
 */
export function linearScale(domain: readonly [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (value) => {
    const v = Number(value);
    if (!Number.isFinite(v)) return undefined;
    return r0 + (span === 0 ? 0.5 : (v - d0) / span) * (r1 - r0);
  };
}

/** A log scale (any base: the ratio of logarithms is the same). Zero or less has no place. */
export function logScale(domain: readonly [number, number], range: [number, number]): Scale {
  const l0 = Math.log(domain[0]);
  const span = Math.log(domain[1]) - l0;
  const [r0, r1] = range;
  return (value) => {
    const v = Number(value);
    if (!(v > 0) || !Number.isFinite(v)) return undefined;
    return r0 + (span === 0 ? 0.5 : (Math.log(v) - l0) / span) * (r1 - r0);
  };
}

/** A value axis's scale up the plot (bottom to top), or undefined when the axis shows nothing. */
export function valueScale(
  scale: AxisScale | null,
  log: boolean,
  plot: PlotRect,
): Scale | undefined {
  if (!scale) return undefined;
  const range: [number, number] = [plot.y + plot.height, plot.y];
  return log ? logScale(scale.domain, range) : linearScale(scale.domain, range);
}

/** The time axis across the plot: epoch milliseconds of the window's first and last day. */
export function timeScale(fromMs: number, toMs: number, plot: PlotRect): Scale {
  return linearScale([fromMs, toMs], [plot.x, plot.x + plot.width]);
}
