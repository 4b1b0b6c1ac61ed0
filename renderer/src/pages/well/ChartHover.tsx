import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { ChartSpec } from './chart-specs.js';
import { ChartTooltip } from './ChartTooltip.js';
import type { DeclineOverlay } from './decline/chart-overlay.js';
import { setSharedHover, sharedHover, useSharedHover } from './hover-sync.js';
import type { PlotRect } from './plot-scales.js';
import type { Scale } from './trace-line.js';
import { nearestRow } from './zoom.js';

/** The readout sits this far from the cursor and the pointer (and flips side near an edge). */
const READOUT_OFFSET = 10;

/** Where a hovered time lands in this chart: its nearest hover point, and that point's x. */
function snap(points: readonly number[], x: Scale, ms: number) {
  const index = nearestRow(points, ms);
  if (index < 0) return null;
  const at = points[index] as number;
  const px = x(at);
  return px === undefined ? null : { index, ms: at, px };
}

/**
 * The pointer and keyboard over a chart, published to every chart of the page: the
 * pointer inside the plot area hovers the nearest point in time; arrow keys on the
 * focused chart step from point to point.
 */
export function useHoverInput(props: {
  syncId: string;
  plot: PlotRect;
  x: Scale;
  points: readonly number[];
}) {
  const { syncId, plot, x, points } = props;
  const pixelToMs = (px: number) => {
    const first = points[0];
    const last = points[points.length - 1];
    if (first === undefined || last === undefined) return null;
    const a = x(first) as number;
    const b = x(last) as number;
    return b === a ? first : first + ((px - a) / (b - a)) * (last - first);
  };
  const onMouseMove = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // Whole pixels, so the readout lands on the same pixel rows in every chart.
    const px = Math.round(event.clientX - box.left);
    const py = Math.round(event.clientY - box.top);
    const inside =
      px >= plot.x && px <= plot.x + plot.width && py >= plot.y && py <= plot.y + plot.height;
    const ms = inside ? pixelToMs(px) : null;
    const point = ms === null ? null : snap(points, x, ms);
    setSharedHover(syncId, point ? { ms: point.ms, y: py } : null);
  };
  const onMouseLeave = () => setSharedHover(syncId, null);
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || points.length === 0) return;
    event.preventDefault();
    const hover = sharedHover(syncId);
    const current = hover ? nearestRow(points, hover.ms) : step > 0 ? -1 : points.length;
    const next = Math.min(points.length - 1, Math.max(0, current + step));
    setSharedHover(syncId, { ms: points[next] as number, y: plot.y + plot.height / 2 });
  };
  const onBlur = () => setSharedHover(syncId, null);
  return { onMouseMove, onMouseLeave, onKeyDown, onBlur };
}

/** The dashed cursor line at the hovered time, over the series and axes. */
export function HoverCursor(props: {
  syncId: string;
  plot: PlotRect;
  x: Scale;
  points: readonly number[];
}) {
  const { plot } = props;
  const hover = useSharedHover(props.syncId);
  const point = hover ? snap(props.points, props.x, hover.ms) : null;
  if (!point) return null;
  return (
    <path
      className="chart-cursor"
      d={`M${point.px},${plot.y}L${point.px},${plot.y + plot.height}`}
      stroke="#64748b"
      strokeDasharray="3 3"
      pointerEvents="none"
    />
  );
}

/**
 * The hover readout beside the cursor: right of it and below the pointer's height, or
 * flipped left or above where it would leave the plot area (as far as the plot's top
 * and left edge allow). Placed after it is measured, before the frame is painted.
 */
export function HoverReadout(props: {
  syncId: string;
  plot: PlotRect;
  x: Scale;
  points: readonly number[];
  spec: ChartSpec;
  hidden: ReadonlySet<string>;
  forecast: DeclineOverlay | null;
}) {
  const { plot } = props;
  const hover = useSharedHover(props.syncId);
  const point = hover ? snap(props.points, props.x, hover.ms) : null;
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !point || !hover) return;
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    const left = readoutPlace(point.px, width, plot.x, plot.width);
    const top = readoutPlace(hover.y, height, plot.y, plot.height);
    element.style.transform = `translate(${left}px, ${top}px)`;
    element.style.visibility = 'visible';
  });

  if (!point || !hover) return null;
  return (
    <div
      ref={box}
      className="chart-readout"
      style={{ position: 'absolute', top: 0, left: 0, pointerEvents: 'none', visibility: 'hidden' }}
    >
      <ChartTooltip
        ms={point.ms}
        spec={props.spec}
        hidden={props.hidden}
        forecast={props.forecast}
      />
    </div>
  );
}

/** One side of the readout's place: after `at`, or before it when it would not fit. */
export function readoutPlace(at: number, size: number, start: number, length: number): number {
  const after = at + READOUT_OFFSET;
  if (after + size > start + length) return Math.max(at - size - READOUT_OFFSET, start);
  return Math.max(after, start);
}
