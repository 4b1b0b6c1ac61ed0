import type { SVGProps } from 'react';
import { usePlotScales } from './plot-context.js';

/**
 * A span of time shaded over the plot's whole height (a pending-edit band, the decline
 * fit window), clipped to the plot area so a span reaching past the window stops at its
 * edge. Nothing when either end has no place on the time axis.
 */
export function PlotArea(
  props: { from: number | undefined; to: number | undefined } & Omit<
    SVGProps<SVGRectElement>,
    'x' | 'y' | 'width' | 'height' | 'from' | 'to'
  >,
) {
  const { from, to, ...style } = props;
  const { plot, clipId } = usePlotScales();
  if (from === undefined || to === undefined || !Number.isFinite(from) || !Number.isFinite(to))
    return null;
  return (
    <rect
      {...style}
      x={Math.min(from, to)}
      y={plot.y}
      width={Math.abs(to - from)}
      height={plot.height}
      clipPath={`url(#${clipId})`}
    />
  );
}
