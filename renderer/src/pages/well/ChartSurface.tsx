import { useId, useMemo, type ReactNode } from 'react';
import type { AxisScale } from './axis-ticks.js';
import {
  ChartGrid,
  TimeAxisLabels,
  TimeAxisLine,
  ValueAxisLabels,
  ValueAxisLine,
} from './ChartAxes.js';
import type { AxisSpec } from './chart-specs.js';
import type { DeclineOverlay } from './decline/chart-overlay.js';
import { HoverCursor, HoverReadout, useHoverInput } from './ChartHover.js';
import type { ChartSpec } from './chart-specs.js';
import { PlotContext, type PlotLayers } from './plot-context.js';
import type { PlotScales } from './plot-scales.js';
import type { TimeTicks } from './time-ticks.js';

/**
 * A time chart's frame, drawn as plain SVG: grid, time axis, both value axes with their
 * units, and the hover cursor and readout shared with the page's other charts. The
 * layers in between come as children, on the scales they get from PlotContext:
 * `under` over the grid (the series canvas, the decline curves) and `over` above it
 * (pending-edit bands, the decline window), then the axes on top, as a chart library
 * would stack them. A few dozen elements, so a redraw costs what its lines cost.
 */
export function ChartSurface(props: {
  width: number;
  height: number;
  scales: PlotScales;
  timeTicks: TimeTicks;
  left: { axis: AxisSpec; scale: AxisScale | null };
  right: { axis: AxisSpec | null; scale: AxisScale | null };
  syncId: string;
  spec: ChartSpec;
  hidden: ReadonlySet<string>;
  /** Every hover point (epoch ms) the cursor snaps to. */
  hoverPoints: readonly number[];
  /** A decline fit drawn on this chart: the readout reads its forecast too. */
  forecast?: DeclineOverlay | null;
  under: ReactNode;
  over: ReactNode;
}) {
  const { width, height, scales, syncId } = props;
  const { plot, x } = scales;
  const clipId = useId();
  const layers: PlotLayers = useMemo(() => ({ ...scales, clipId }), [scales, clipId]);
  const xs = useMemo(
    () => props.timeTicks.ticks.map((tick) => x(tick) ?? Number.NaN),
    [props.timeTicks, x],
  );
  const hover = { syncId, plot, x, points: props.hoverPoints };
  const input = useHoverInput(hover);
  return (
    <PlotContext.Provider value={layers}>
      <div
        className="chart-frame"
        style={{ position: 'relative', width, height }}
        onMouseMove={input.onMouseMove}
        onMouseLeave={input.onMouseLeave}
      >
        <svg
          className="chart-surface"
          role="application"
          tabIndex={0}
          aria-label="Chart: arrow keys move the readout from day to day"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block' }}
          onKeyDown={input.onKeyDown}
          onBlur={input.onBlur}
        >
          <defs>
            <clipPath id={clipId}>
              <rect x={plot.x} y={plot.y} width={plot.width} height={plot.height} />
            </clipPath>
          </defs>
          <ChartGrid plot={plot} xs={xs} />
          {props.under}
          {props.over}
          <TimeAxisLine plot={plot} xs={xs} />
          <ValueAxisLine side="left" plot={plot} scale={props.left.scale} y={scales.left} />
          <ValueAxisLine side="right" plot={plot} scale={props.right.scale} y={scales.right} />
          <HoverCursor {...hover} />
          <TimeAxisLabels
            plot={plot}
            ticks={props.timeTicks.ticks}
            xs={xs}
            format={props.timeTicks.format}
          />
          <ValueAxisLabels
            side="left"
            plot={plot}
            axis={props.left.axis}
            scale={props.left.scale}
            y={scales.left}
          />
          <ValueAxisLabels
            side="right"
            plot={plot}
            axis={props.right.axis}
            scale={props.right.scale}
            y={scales.right}
          />
        </svg>
        <HoverReadout
          {...hover}
          spec={props.spec}
          hidden={props.hidden}
          forecast={props.forecast ?? null}
        />
      </div>
    </PlotContext.Provider>
  );
}
