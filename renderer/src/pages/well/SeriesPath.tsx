import { useId, useMemo } from 'react';
import { usePlotArea, useXAxisScale, useYAxisScale } from 'recharts';
import type { ChartPoint } from './series.js';
import { pathOf } from './trace-line.js';

/**
 * One series drawn as a single SVG path through the chart's own scales (so it sits
 * exactly on recharts' axes and grid). Recharts' <Line> builds several objects per
 * point; a path string from the already reduced points costs a fraction of that, which
 * is what keeps a twenty-year well's charts quick to draw. A null value breaks the line
 * (a gap), as does a value the scale cannot place (zero or less on a log axis).
 */
export function SeriesPath(props: {
  points: readonly ChartPoint[];
  yAxisId: 'left' | 'right';
  colour: string;
  seriesKey: string;
  /** A decline curve drawn over the data: thinner, dashed for its forecast. */
  variant?: 'series' | 'decline-fit' | 'decline-forecast';
}) {
  const variant = props.variant ?? 'series';
  const x = useXAxisScale();
  const y = useYAxisScale(props.yAxisId);
  const plot = usePlotArea();
  const clipId = useId();
  const d = useMemo(() => (x && y ? pathOf(props.points, x, y) : ''), [props.points, x, y]);
  if (!plot) return null;
  return (
    <g
      className={variant === 'series' ? 'series-line' : 'decline-line'}
      data-series={props.seriesKey}
      data-testid={variant === 'series' ? undefined : variant}
    >
      <clipPath id={clipId}>
        <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
      </clipPath>
      <path
        className={variant === 'series' ? 'series-curve' : 'decline-curve'}
        d={d}
        fill="none"
        stroke={props.colour}
        strokeWidth={variant === 'series' ? 1.5 : 1.25}
        strokeDasharray={variant === 'decline-forecast' ? '6 4' : undefined}
        strokeLinejoin="round"
        clipPath={`url(#${clipId})`}
      />
    </g>
  );
}
