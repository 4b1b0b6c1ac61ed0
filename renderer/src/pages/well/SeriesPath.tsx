import { useId, useMemo } from 'react';
import { usePlotArea, useXAxisScale, useYAxisScale } from 'recharts';
import type { ChartPoint } from './series.js';

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

type Scale = (value: unknown) => number | undefined;

/** "M x y L x y …", starting a new subpath after every gap. */
export function pathOf(points: readonly ChartPoint[], x: Scale, y: Scale): string {
  const parts: string[] = [];
  let drawing = false;
  for (const point of points) {
    const py = point.y === null ? undefined : y(point.y);
    const px = x(point.x);
    if (py === undefined || px === undefined || !Number.isFinite(py) || !Number.isFinite(px)) {
      drawing = false;
      continue;
    }
    // Tenths of a pixel: plenty for a line, and far cheaper than toFixed.
    parts.push(`${drawing ? 'L' : 'M'}${Math.round(px * 10) / 10} ${Math.round(py * 10) / 10}`);
    drawing = true;
  }
  return parts.join('');
}
