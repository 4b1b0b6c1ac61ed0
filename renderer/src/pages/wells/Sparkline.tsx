import { memo } from 'react';
import { sparklinePaths } from '#shared/production/screening.js';

const WIDTH = 66;
const HEIGHT = 18;

/**
 * A well's last 90 days as one small inline SVG (a polyline per run of days with a
 * value, gaps left open), scaled from zero to the window's highest rate. Cheap enough for
 * every row on screen: a few points' worth of attributes, no canvas, no chart library.
 */
export const Sparkline = memo(function Sparkline(props: {
  values: ReadonlyArray<number | null> | undefined;
  label: string;
  color: string;
}) {
  const paths = props.values ? sparklinePaths(props.values, WIDTH, HEIGHT) : [];
  if (paths.length === 0) return <span className="muted">—</span>;
  return (
    <svg
      className="sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`-1 -1 ${WIDTH + 2} ${HEIGHT + 2}`}
      role="img"
      aria-label={props.label}
      data-testid="sparkline"
    >
      <title>{props.label}</title>
      {paths.map((points, index) => (
        <polyline key={index} points={points} fill="none" stroke={props.color} strokeWidth={1.2} />
      ))}
    </svg>
  );
});
