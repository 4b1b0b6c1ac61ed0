import type { ChartPoint } from './series.js';
import { lineFingerprint, pathOf, traceLine, type Scale } from './trace-line.js';

/** One series as the chart layer draws it. */
export interface LayerLine {
  key: string;
  colour: string;
  axis: 'left' | 'right';
  points: readonly ChartPoint[];
}

export interface LayerScales {
  x: Scale;
  left: Scale | undefined;
  right: Scale | undefined;
  /** The plot area in CSS pixels: lines are clipped to it, as the axes' domains are. */
  plot: { x: number; y: number; width: number; height: number };
}

/** The few members of a 2D context the layer uses (a test records them). */
export interface LineContext {
  save(): void;
  restore(): void;
  beginPath(): void;
  rect(x: number, y: number, width: number, height: number): void;
  clip(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
}

export const SERIES_LINE_WIDTH = 1.5;

/**
 * Strokes every line, in order, clipped to the plot area: one path per series however
 * many points it has, so the cost follows the pixels drawn, not DOM nodes. Returns each
 * drawn line's fingerprint ("key:vertices:hash", space separated) for the canvas's
 * data-lines, what tests and the benchmark read instead of pixels.
 */
export function drawSeries(
  context: LineContext,
  lines: readonly LayerLine[],
  scales: LayerScales,
): string {
  const { plot } = scales;
  context.save();
  context.beginPath();
  context.rect(plot.x, plot.y, plot.width, plot.height);
  context.clip();
  context.lineWidth = SERIES_LINE_WIDTH;
  context.lineJoin = 'round';
  const drawn: string[] = [];
  for (const line of lines) {
    const y = line.axis === 'left' ? scales.left : scales.right;
    if (!y) continue;
    const fingerprint = lineFingerprint();
    context.beginPath();
    traceLine(line.points, scales.x, y, {
      moveTo(px, py) {
        context.moveTo(px, py);
        fingerprint.moveTo(px, py);
      },
      lineTo(px, py) {
        context.lineTo(px, py);
        fingerprint.lineTo(px, py);
      },
    });
    context.strokeStyle = line.colour;
    context.stroke();
    drawn.push(`${line.key}:${fingerprint.value()}`);
  }
  context.restore();
  return drawn.join(' ');
}

/**
 * The same lines as SVG elements, for an exported image (an SVG file must hold its lines
 * as paths): each a `g.series-line` with its path clipped to the plot area, as the chart
 * drew them before the canvas layer.
 */
export function seriesSvg(
  document: Document,
  lines: readonly LayerLine[],
  scales: LayerScales,
  clipId: string,
): Element[] {
  const ns = 'http://www.w3.org/2000/svg';
  const element = (name: string, attributes: Record<string, string | number>) => {
    const node = document.createElementNS(ns, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  };
  const { plot } = scales;
  const clip = element('clipPath', { id: clipId });
  clip.append(element('rect', { x: plot.x, y: plot.y, width: plot.width, height: plot.height }));
  const out: Element[] = [clip];
  for (const line of lines) {
    const y = line.axis === 'left' ? scales.left : scales.right;
    if (!y) continue;
    const group = element('g', { class: 'series-line', 'data-series': line.key });
    group.append(
      element('path', {
        class: 'series-curve',
        d: pathOf(line.points, scales.x, y),
        fill: 'none',
        stroke: line.colour,
        'stroke-width': SERIES_LINE_WIDTH,
        'stroke-linejoin': 'round',
        'clip-path': `url(#${clipId})`,
      }),
    );
    out.push(group);
  }
  return out;
}
