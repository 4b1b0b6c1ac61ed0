import type { WellStatus } from '#shared/api/index.js';
import type { DotBatch } from './dot-batches.js';
import type { PlacedWell, View } from './map-geometry.js';
import { drawOutlines } from './outline-layer.js';
import type { OutlinePaths } from './outline-paths.js';
import { drawScaleAndNorth, scaleBar } from './scale-bar.js';

/** A well's status on the map: a server may leave it out ('unknown'), and the well is still drawn. */
export type MapStatus = WellStatus | 'unknown';

/** Status colours: the app's own (active green, shut in amber, inactive grey; unknown light grey). */
export const STATUS_COLOUR: Record<MapStatus, string> = {
  active: '#15803d',
  shut_in: '#b45309',
  inactive: '#6b7280',
  unknown: '#a8b0b8',
};

export interface MapFrame {
  width: number;
  height: number;
  view: View;
  /** The outlines in map pixels (outline-paths.ts), or null while the atlas loads. */
  outlines: OutlinePaths | null;
  wells: readonly PlacedWell[];
  radius: (well: PlacedWell) => number;
  /** The same wells grouped by colour (dot-batches.ts), in STATUS_COLOUR's order. */
  dots: ReadonlyArray<DotBatch<MapStatus>>;
  selected: ReadonlySet<string>;
  hovered: string | null;
  /** The scale bar's unit: miles in a field-units project, kilometres in a metric one. */
  distanceUnit: 'km' | 'mi';
}

/**
 * One frame: outlines (countries, then counties fainter than states), then the wells
 * as dots, then the hovered well's ring. Outlines are drawn in map pixels under the
 * view's transform, with line widths divided by the zoom so they stay hairlines; dots
 * are placed in screen pixels, so they keep their size when zoomed. 20,000 dots are
 * 20,000 arcs in one path per colour.
 */
export function drawMap(context: CanvasRenderingContext2D, frame: MapFrame): void {
  drawLayers(context, frame);
  drawHovered(context, frame);
}

/** The hovered well's ring, the scale bar and the north arrow, over the rest of the frame. */
export function drawHovered(context: CanvasRenderingContext2D, frame: MapFrame): void {
  const ratio = window.devicePixelRatio || 1;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const bar =
    frame.outlines && scaleBar(frame.outlines.pixelsPerKm * frame.view.k, frame.distanceUnit);
  drawScaleAndNorth(context, frame.width, frame.height, bar ?? null);
  const hovered = frame.hovered && frame.wells.find((well) => well.id === frame.hovered);
  if (hovered) ring(context, hovered, frame.view, frame.radius, '#14222b');
}

/** Everything but the hovered well's ring: what a pan moves without changing. */
export function drawLayers(context: CanvasRenderingContext2D, frame: MapFrame): void {
  const { width, height, view } = frame;
  const ratio = window.devicePixelRatio || 1;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.fillStyle = '#eef3f6';
  context.fillRect(0, 0, width, height);
  if (frame.outlines) drawOutlines(context, frame.outlines, view, width, height, ratio);
  for (const batch of frame.dots) {
    const { x: mapX, y: mapY, r } = batch;
    context.beginPath();
    for (let index = 0; index < mapX.length; index++) {
      const x = (mapX[index] as number) * view.k + view.x;
      const y = (mapY[index] as number) * view.k + view.y;
      if (x < -20 || y < -20 || x > width + 20 || y > height + 20) continue;
      const radius = r[index] as number;
      context.moveTo(x + radius, y);
      context.arc(x, y, radius, 0, 2 * Math.PI);
    }
    context.globalAlpha = 0.75;
    context.fillStyle = STATUS_COLOUR[batch.status];
    context.fill();
    context.globalAlpha = 1;
    context.lineWidth = 0.75;
    context.strokeStyle = '#ffffff';
    context.stroke();
  }
  if (frame.selected.size > 0) {
    for (const well of frame.wells) {
      if (frame.selected.has(well.id)) ring(context, well, view, frame.radius, '#0d9488');
    }
  }
}

function ring(
  context: CanvasRenderingContext2D,
  well: PlacedWell,
  view: View,
  radius: (well: PlacedWell) => number,
  colour: string,
): void {
  context.beginPath();
  context.arc(well.x * view.k + view.x, well.y * view.k + view.y, radius(well) + 2, 0, 2 * Math.PI);
  context.lineWidth = 2;
  context.strokeStyle = colour;
  context.stroke();
}
