import type { AxisScale } from './axis-ticks.js';
import { formatTick } from './chart-format.js';
import { AXIS_WIDTH } from './chart-layout.js';
import type { AxisSpec } from './chart-specs.js';
import type { PlotRect } from './plot-scales.js';
import type { Scale } from './trace-line.js';

/** Tick marks stick out of an axis by this much; labels sit this far beyond them. */
const TICK_SIZE = 6;
const LABEL_GAP = 2;
const AXIS_STROKE = '#666';
const TICK_TEXT = { fontSize: 11, fill: '#666' } as const;
/** The unit label runs along the axis, this far in from the chart's edge. */
const UNIT_INSET = 5;

/**
 * The background grid: a vertical line at every time tick and at both ends of the plot,
 * and a horizontal line along its top and bottom.
 */
export function ChartGrid(props: { plot: PlotRect; xs: readonly number[] }) {
  const { plot } = props;
  const left = plot.x;
  const right = plot.x + plot.width;
  const top = plot.y;
  const bottom = plot.y + plot.height;
  const verticals = [...props.xs];
  if (!verticals.includes(left)) verticals.push(left);
  if (!verticals.includes(right)) verticals.push(right);
  return (
    <g className="chart-grid" stroke="#e8edf0" fill="none">
      <line x1={left} y1={top} x2={right} y2={top} />
      <line x1={left} y1={bottom} x2={right} y2={bottom} />
      {verticals.map((x, i) => (
        <line key={i} x1={x} y1={top} x2={x} y2={bottom} />
      ))}
    </g>
  );
}

/** The time axis along the plot's bottom: its line, and a tick mark per tick. */
export function TimeAxisLine(props: { plot: PlotRect; xs: readonly number[] }) {
  const { plot } = props;
  const bottom = plot.y + plot.height;
  return (
    <g className="chart-axis chart-axis-time" stroke={AXIS_STROKE} fill="none">
      <line x1={plot.x} y1={bottom} x2={plot.x + plot.width} y2={bottom} />
      {props.xs.map((x, i) => (
        <line key={i} x1={x} y1={bottom + TICK_SIZE} x2={x} y2={bottom} />
      ))}
    </g>
  );
}

/** The time axis's labels, under its tick marks. */
export function TimeAxisLabels(props: {
  plot: PlotRect;
  ticks: readonly number[];
  xs: readonly number[];
  format: (ms: number) => string;
}) {
  const y = props.plot.y + props.plot.height + TICK_SIZE + LABEL_GAP;
  return (
    <g className="chart-axis-labels">
      {props.xs.map((x, i) => (
        <text key={i} x={x} y={y} dy="0.71em" textAnchor="middle" {...TICK_TEXT}>
          {props.format(props.ticks[i] as number)}
        </text>
      ))}
    </g>
  );
}

/** A value axis's position: its line's x and which way its ticks point. */
function axisPlace(side: 'left' | 'right', plot: PlotRect) {
  const x = side === 'left' ? plot.x : plot.x + plot.width;
  return { x, out: side === 'left' ? -1 : 1 };
}

/** A value axis's line and tick marks; nothing when it has nothing to show. */
export function ValueAxisLine(props: {
  side: 'left' | 'right';
  plot: PlotRect;
  scale: AxisScale | null;
  y: Scale | undefined;
}) {
  const { plot, scale, y } = props;
  if (!scale || !y) return null;
  const { x, out } = axisPlace(props.side, plot);
  return (
    <g className={`chart-axis chart-axis-${props.side}`} stroke={AXIS_STROKE} fill="none">
      <line x1={x} y1={plot.y} x2={x} y2={plot.y + plot.height} />
      {scale.ticks.map((tick) => {
        const py = y(tick);
        return <line key={tick} x1={x + out * TICK_SIZE} y1={py} x2={x} y2={py} />;
      })}
    </g>
  );
}

/** A value axis's tick labels and its unit label, turned to run along the axis. */
export function ValueAxisLabels(props: {
  side: 'left' | 'right';
  plot: PlotRect;
  axis: AxisSpec | null;
  scale: AxisScale | null;
  y: Scale | undefined;
}) {
  const { side, plot, axis, scale, y } = props;
  if (!scale || !y || !axis) return null;
  const { x, out } = axisPlace(side, plot);
  const labelX = x + out * (TICK_SIZE + LABEL_GAP);
  const unitX = x + out * (AXIS_WIDTH - UNIT_INSET);
  const unitY = plot.y + plot.height / 2;
  return (
    <g className="chart-axis-labels">
      {scale.ticks.map((tick) => (
        <text
          key={tick}
          x={labelX}
          y={y(tick)}
          dy="0.32em"
          textAnchor={side === 'left' ? 'end' : 'start'}
          {...TICK_TEXT}
        >
          {formatTick(tick)}
        </text>
      ))}
      <text
        className="chart-axis-unit"
        transform={`rotate(${side === 'left' ? -90 : 90}, ${unitX}, ${unitY})`}
        x={unitX}
        y={unitY}
        textAnchor="middle"
        fontSize={11}
        fill="#5b6b75"
      >
        <tspan x={unitX} dy="0.355em">
          {axis.label}
        </tspan>
      </text>
    </g>
  );
}
