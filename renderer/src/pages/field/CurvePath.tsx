import { useId, useMemo } from 'react';
import { usePlotArea, useXAxisScale, useYAxisScale } from 'recharts';
import { pathOf } from '../well/trace-line.js';
import type { ChartPoint } from '../well/series.js';

/**
 * One line of the comparison chart as a single SVG path through recharts' scales (the
 * well page's pathOf), with its own width and dash: the type curve's P-lines stand out
 * from the wells behind them.
 */
export function CurvePath(props: {
  points: readonly ChartPoint[];
  colour: string;
  seriesKey: string;
  width: number;
  dash?: string;
  opacity?: number;
}) {
  const x = useXAxisScale();
  const y = useYAxisScale('left');
  const plot = usePlotArea();
  const clipId = useId();
  const d = useMemo(() => (x && y ? pathOf(props.points, x, y) : ''), [props.points, x, y]);
  if (!plot) return null;
  return (
    <g className="series-line" data-series={props.seriesKey}>
      <clipPath id={clipId}>
        <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
      </clipPath>
      <path
        className="series-curve"
        d={d}
        fill="none"
        stroke={props.colour}
        strokeWidth={props.width}
        strokeDasharray={props.dash}
        strokeOpacity={props.opacity ?? 1}
        strokeLinejoin="round"
        clipPath={`url(#${clipId})`}
      />
    </g>
  );
}
