import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { drawSeries, seriesSvg, type LayerLine } from './draw-series.js';
import { usePlotScales } from './plot-context.js';
import { registerSeriesExport } from './series-export.js';

/**
 * A chart's series drawn on one canvas, on the chart's scales and plot area, at the place the series take among the chart's layers: over the grid and the
 * pending-edit bands, under the decline curves. An SVG path per series cost its style,
 * layout and paint per vertex on every redraw; a canvas strokes the same vertices (see
 * trace-line.ts) for the cost of the pixels they cover. The export builds the same lines
 * as SVG paths when asked (series-export.ts).
 */
export function SeriesCanvas(props: {
  lines: ReadonlyArray<LayerLine & { label: string }>;
  width: number;
  height: number;
}) {
  const { lines, width, height } = props;
  const { x, left, right, plot } = usePlotScales();
  const host = useRef<SVGForeignObjectElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const clipId = useId();

  // Before the browser paints: the lines show in the same frame as the axes they sit on.
  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    // Resizing clears the canvas and costs an allocation: only when the size changed.
    if (element.width !== pixelWidth) element.width = pixelWidth;
    if (element.height !== pixelHeight) element.height = pixelHeight;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const scales = { x, left, right, plot };
    element.dataset.lines = drawSeries(context, lines, scales, ratio);
    if (host.current) {
      registerSeriesExport(host.current, (document) =>
        seriesSvg(document, lines, scales, `${clipId}-export`),
      );
    }
  }, [x, left, right, plot, lines, width, height, clipId]);

  useEffect(() => {
    const element = host.current;
    return () => {
      if (element) registerSeriesExport(element, null);
    };
  }, []);

  return (
    <foreignObject
      ref={host}
      className="series-layer"
      x={0}
      y={0}
      width={width}
      height={height}
      pointerEvents="none"
    >
      <canvas
        ref={canvas}
        className="series-canvas"
        role="img"
        aria-label={`Lines: ${lines.map((line) => line.label).join(', ')}`}
        data-series={lines.map((line) => line.key).join(' ')}
        style={{ width, height, display: 'block' }}
      />
    </foreignObject>
  );
}
