import { usePlotScales } from '../plot-context.js';
import type { ChartPoint } from '../series.js';

/**
 * The points a decline fit left out as outliers, ringed in the stream's colour on the
 * chart's own scales (so each ring sits on its day's value of the line underneath).
 */
export function OutlierMarks(props: {
  points: readonly ChartPoint[];
  yAxisId: 'left' | 'right';
  colour: string;
}) {
  const { x, plot, ...axes } = usePlotScales();
  const y = axes[props.yAxisId];
  if (!y) return null;
  const inside = (px: number) => px >= plot.x && px <= plot.x + plot.width;
  return (
    <g className="decline-outliers" data-testid="decline-outliers">
      {props.points.map((point) => {
        const px = x(point.x);
        const py = point.y === null ? undefined : y(point.y);
        if (px === undefined || py === undefined || !Number.isFinite(py) || !inside(px))
          return null;
        return (
          <circle
            key={point.x}
            className="decline-outlier"
            cx={px}
            cy={py}
            r={4}
            fill="none"
            stroke={props.colour}
            strokeWidth={1.5}
          >
            <title>Left out of the fit as an outlier</title>
          </circle>
        );
      })}
    </g>
  );
}
