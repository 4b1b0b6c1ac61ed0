import type { PlotBox } from './zoom.js';

/**
 * One geometry for every well chart, so their plot areas line up to the pixel and the
 * shared time axis reads straight down the page: fixed margins and a fixed width for
 * both value axes (a chart without a right-hand series still reserves its space).
 */
export const CHART_HEIGHT = 220;
export const AXIS_WIDTH = 64;
export const MARGIN = { top: 8, right: 4, bottom: 4, left: 4 } as const;

export function plotBox(chartWidth: number): PlotBox {
  return {
    left: MARGIN.left + AXIS_WIDTH,
    width: Math.max(0, chartWidth - MARGIN.left - MARGIN.right - 2 * AXIS_WIDTH),
  };
}
