import type { View } from './map-geometry.js';
import type { OutlinePaths } from './outline-paths.js';
import { drawPlaceNames } from './place-names.js';

/**
 * The outlines as a picture, kept for the paths, the view and the canvas size. Stroking
 * the 3,000-odd counties is the costliest part of rasterising a frame after the dots,
 * and a revisit of the Map tab, a hover or a new selection changes none of it: those
 * frames copy the picture instead. A zoom or a new size draws it again.
 */
interface Kept {
  canvas: HTMLCanvasElement;
  outlines: OutlinePaths;
  key: string;
}

let kept: Kept | null = null;

export function drawOutlines(
  context: CanvasRenderingContext2D,
  outlines: OutlinePaths,
  view: View,
  width: number,
  height: number,
  ratio: number,
): void {
  const key = `${view.x},${view.y},${view.k},${width},${height},${ratio}`;
  if (kept?.outlines !== outlines || kept.key !== key) {
    const canvas = kept?.canvas ?? document.createElement('canvas');
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const layer = canvas.getContext('2d');
    if (!layer) {
      strokeOutlines(context, outlines, view, ratio);
      drawPlaceNames(context, outlines, view, width, height, ratio);
      return;
    }
    strokeOutlines(layer, outlines, view, ratio);
    drawPlaceNames(layer, outlines, view, width, height, ratio);
    kept = { canvas, outlines, key };
  }
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.drawImage(kept.canvas, 0, 0);
  context.restore();
}

/** Countries filled and outlined, then counties fainter than states, as hairlines at any zoom. */
function strokeOutlines(
  context: CanvasRenderingContext2D,
  outlines: OutlinePaths,
  view: View,
  ratio: number,
): void {
  context.save();
  context.setTransform(ratio * view.k, 0, 0, ratio * view.k, ratio * view.x, ratio * view.y);
  context.fillStyle = '#ffffff';
  context.fill(outlines.countries);
  context.lineWidth = 1 / view.k;
  context.strokeStyle = '#9aa9b2';
  context.stroke(outlines.countries);
  context.lineWidth = 0.5 / view.k;
  context.strokeStyle = '#d5dde2';
  context.stroke(outlines.counties);
  context.lineWidth = 1 / view.k;
  context.strokeStyle = '#9aa9b2';
  context.stroke(outlines.states);
  context.restore();
}
