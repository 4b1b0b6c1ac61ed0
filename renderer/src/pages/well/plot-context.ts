import { createContext, useContext } from 'react';
import type { PlotScales } from './plot-scales.js';

/**
 * The scales and plot area of the chart a layer is drawn in (the series canvas, the
 * decline curves, the outlier rings), so every layer places a value where the axes say.
 */
export interface PlotLayers extends PlotScales {
  /** The id of the plot area's clip path, for layers that must not spill past the axes. */
  clipId: string;
}

export const PlotContext = createContext<PlotLayers | null>(null);

export function usePlotScales(): PlotLayers {
  const scales = useContext(PlotContext);
  if (!scales) throw new Error('a chart layer is drawn outside a ChartSurface');
  return scales;
}
