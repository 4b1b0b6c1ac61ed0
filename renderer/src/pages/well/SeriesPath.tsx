import { useId, useMemo } from 'react';
import { usePlotScales } from './plot-context.js';
import type { ChartPoint } from './series.js';
import { pathOf } from './trace-line.js';

/**
 * A decline curve drawn as a single SVG path through the chart's own scales (so it sits
 * exactly on the axes and grid), over the series' canvas layer: thinner than the
 * series, dashed for its forecast. A curve has a few hundred points at most, so a path
 * costs little, and the end-to-end tests read its `d`. A null value breaks the line (a
 * gap), as does a value the scale cannot place (zero or less on a log axis).
 */
export function SeriesPath(props: {
  points: readonly ChartPoint[];
  yAxisId: 'left' | 'right';
  colour: string;
  seriesKey: string;
  variant: 'decline-fit' | 'decline-forecast';
}) {
  const { variant } = props;
  const { x, plot, ...axes } = usePlotScales();
  const y = axes[props.yAxisId];
  const clipId = useId();
  const d = useMemo(() => (y ? pathOf(props.points, x, y) : ''), [props.points, x, y]);
  return (
    <g className="decline-line" data-series={props.seriesKey} data-testid={variant}>
      <clipPath id={clipId}>
        <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
      </clipPath>
      <path
        className="decline-curve"
        d={d}
        fill="none"
        stroke={props.colour}
        strokeWidth={1.25}
        strokeDasharray={variant === 'decline-forecast' ? '6 4' : undefined}
        strokeLinejoin="round"
        clipPath={`url(#${clipId})`}
      />
    </g>
  );
}
