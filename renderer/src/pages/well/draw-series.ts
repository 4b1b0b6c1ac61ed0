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
const MOVE = 0;
const LINE = 1;

/**
 * How the canvas strokes a line `width` CSS px wide at `ratio` device pixels per CSS px:
 * as hairlines (one device pixel wide) side by side, `offsets` CSS px from the line's path,
 * diagonally. Chromium's software canvas (the browser host, and any machine without GPU
 * raster) strokes a wider line by building its outline, joins and all, then filling it:
 * 2–4 ms for one line of a twenty-year window's 2,000-odd vertices, 20 ms for the well
 * page's four charts. A hairline goes down a fast path, about twenty times cheaper, and
 * two of them half a device pixel apart cover what a 1.5 px line covers (the same pixels
 * to within a few percent of ink; compared by screenshot). A line no wider than a device
 * pixel is one pass. The SVG export keeps the plain stroke (seriesSvg).
 */
export function hairlinePasses(
  width: number,
  ratio: number,
): { lineWidth: number; offsets: number[] } {
  const device = width * ratio;
  if (device <= 1) return { lineWidth: width, offsets: [0] };
  const count = Math.ceil(device);
  // The outer hairlines' centres sit half a device pixel inside the line's edges.
  const spread = (device - 1) / 2;
  const offsets = Array.from(
    { length: count },
    (_, i) => (-spread + (2 * spread * i) / (count - 1)) / ratio,
  );
  return { lineWidth: 1 / ratio, offsets };
}

/**
 * Strokes every line, in order, clipped to the plot area: one path per series (per
 * hairline pass) however many points it has, so the cost follows the pixels drawn, not DOM
 * nodes. Returns each drawn line's fingerprint ("key:vertices:hash", space separated) for
 * the canvas's data-lines, what tests and the benchmark read instead of pixels.
 */
export function drawSeries(
  context: LineContext,
  lines: readonly LayerLine[],
  scales: LayerScales,
  /** Device pixels per CSS pixel, as the context is scaled. */
  ratio = 1,
): string {
  const { plot } = scales;
  const passes = hairlinePasses(SERIES_LINE_WIDTH, ratio);
  context.save();
  context.beginPath();
  context.rect(plot.x, plot.y, plot.width, plot.height);
  context.clip();
  context.lineWidth = passes.lineWidth;
  context.lineJoin = 'round';
  const drawn: string[] = [];
  for (const line of lines) {
    const y = line.axis === 'left' ? scales.left : scales.right;
    if (!y) continue;
    // The vertices once (scales, rounding, gaps), then each pass replays them shifted.
    const fingerprint = lineFingerprint();
    const path: number[] = [];
    traceLine(line.points, scales.x, y, {
      moveTo(px, py) {
        path.push(MOVE, px, py);
        fingerprint.moveTo(px, py);
      },
      lineTo(px, py) {
        path.push(LINE, px, py);
        fingerprint.lineTo(px, py);
      },
    });
    context.strokeStyle = line.colour;
    for (const offset of passes.offsets) {
      context.beginPath();
      for (let i = 0; i < path.length; i += 3) {
        const px = (path[i + 1] as number) + offset;
        const py = (path[i + 2] as number) + offset;
        if (path[i] === MOVE) context.moveTo(px, py);
        else context.lineTo(px, py);
      }
      context.stroke();
    }
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
