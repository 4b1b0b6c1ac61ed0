import type { View } from './map-geometry.js';
import type { MapLabel, OutlinePaths } from './outline-paths.js';

/**
 * Which place names a zoom shows, by screen pixels per kilometre: countries on a
 * continent-wide view, states until a state is larger than the screen, counties once a
 * county (about 40 km across) is 60 px wide. Names that would overlap one already drawn
 * are left out, states first, so the map never turns into a blur of text.
 */
const SHOWN: Record<MapLabel['kind'], (pixelsPerKm: number) => boolean> = {
  country: (ppk) => ppk < 0.4,
  state: (ppk) => ppk >= 0.08 && ppk < 8,
  county: (ppk) => ppk >= 1.5,
};

const STYLE: Record<MapLabel['kind'], { font: string; colour: string; upper: boolean }> = {
  country: { font: '600 12px sans-serif', colour: '#5b6b76', upper: true },
  state: { font: '600 11px sans-serif', colour: '#6b7a85', upper: true },
  county: { font: '10px sans-serif', colour: '#8a98a3', upper: false },
};

const ORDER: ReadonlyArray<MapLabel['kind']> = ['country', 'state', 'county'];

export interface PlacedName {
  text: string;
  kind: MapLabel['kind'];
  x: number;
  y: number;
  width: number;
}

/** The names to draw for a view, in screen pixels, none overlapping another. */
export function visibleNames(
  outlines: Pick<OutlinePaths, 'labels' | 'pixelsPerKm'>,
  view: View,
  width: number,
  height: number,
  measure: (text: string, kind: MapLabel['kind']) => number,
): PlacedName[] {
  const pixelsPerKm = outlines.pixelsPerKm * view.k;
  const placed: PlacedName[] = [];
  const HEIGHT = 12;
  for (const kind of ORDER) {
    if (!SHOWN[kind](pixelsPerKm)) continue;
    for (const label of outlines.labels) {
      if (label.kind !== kind) continue;
      const x = label.x * view.k + view.x;
      const y = label.y * view.k + view.y;
      if (x < 0 || y < HEIGHT || x > width || y > height) continue;
      // The scale bar's corner and the north arrow's stay clear.
      if ((x < 160 && y > height - 36) || (x > width - 60 && y < 52)) continue;
      const text = STYLE[kind].upper ? label.name.toUpperCase() : label.name;
      const textWidth = measure(text, kind);
      const clash = placed.some(
        (other) =>
          Math.abs(other.x - x) * 2 < other.width + textWidth + 8 &&
          Math.abs(other.y - y) < HEIGHT + 2,
      );
      if (!clash) placed.push({ text, kind, x, y, width: textWidth });
    }
  }
  return placed;
}

/** The names of the places in view, centred on their points, under the wells. */
export function drawPlaceNames(
  context: CanvasRenderingContext2D,
  outlines: OutlinePaths,
  view: View,
  width: number,
  height: number,
  ratio: number,
): void {
  context.save();
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const measure = (text: string, kind: MapLabel['kind']) => {
    context.font = STYLE[kind].font;
    return context.measureText(text).width;
  };
  for (const name of visibleNames(outlines, view, width, height, measure)) {
    context.font = STYLE[name.kind].font;
    context.fillStyle = STYLE[name.kind].colour;
    context.fillText(name.text, name.x, name.y);
  }
  context.restore();
}
