import type { WellVarianceRow } from '#shared/desktop/index.js';
import { STATUS_COLOUR } from '../field/draw-map.js';
import { percentText, varianceText } from './variance-text.js';

const WIDTH = 520;
const HEIGHT = 260;
const PAD = { left: 56, right: 16, top: 12, bottom: 36 };

/**
 * % variance against volume variance, one point per well (Verdazo's way of picking the
 * wells that matter): far left and low is a large well far below its forecast. Coloured
 * by status. The table beside it carries the same numbers for the keyboard and for
 * screen readers; a point click opens the well.
 */
export function VarianceScatter(props: {
  rows: readonly WellVarianceRow[];
  volumeUnit: string;
  onOpen: (wellId: string) => void;
}) {
  const points = props.rows.filter(
    (row) => row.volumeVariance !== null && row.percentVariance !== null,
  );
  if (points.length === 0) return null;
  const xs = points.map((row) => row.volumeVariance!);
  const ys = points.map((row) => row.percentVariance!);
  const xMax = Math.max(1, ...xs.map(Math.abs));
  const yMax = Math.max(10, ...ys.map(Math.abs));
  const x = (value: number) =>
    PAD.left + ((value + xMax) / (2 * xMax)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    PAD.top + ((yMax - value) / (2 * yMax)) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <svg
      className="variance-scatter"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${points.length} wells: % variance against volume variance (${props.volumeUnit}); the table lists the same figures.`}
      data-testid="variance-scatter"
    >
      <line x1={x(0)} x2={x(0)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className="axis" />
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
      <text x={PAD.left} y={HEIGHT - 8} className="tick">
        {varianceText(-xMax)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 8} className="tick" textAnchor="end">
        {varianceText(xMax)}
      </text>
      <text x={(WIDTH + PAD.left) / 2} y={HEIGHT - 8} className="label" textAnchor="middle">
        Volume variance ({props.volumeUnit})
      </text>
      <text x={PAD.left - 6} y={PAD.top + 10} className="tick" textAnchor="end">
        {percentText(yMax)}
      </text>
      <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} className="tick" textAnchor="end">
        {percentText(-yMax)}
      </text>
      {points.map((row) => (
        <circle
          key={row.wellId}
          cx={x(row.volumeVariance!)}
          cy={y(row.percentVariance!)}
          r={5}
          fill={STATUS_COLOUR[row.status ?? 'unknown']}
          fillOpacity={0.8}
          stroke="#ffffff"
          onClick={() => props.onOpen(row.wellId)}
          data-testid="variance-point"
        >
          <title>
            {`${row.name}: ${varianceText(row.volumeVariance)} ${props.volumeUnit}, ${percentText(row.percentVariance)}`}
          </title>
        </circle>
      ))}
    </svg>
  );
}
