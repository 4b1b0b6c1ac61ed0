import { geoConicConformal, type GeoProjection } from 'd3-geo';
import type { WellStatus } from '#shared/api/index.js';

/**
 * The map's arithmetic, apart from React and the canvas: which wells can be placed,
 * the projection that fits them, where each lands, which one is under the pointer,
 * which fall in a dragged box, and how big each is drawn.
 */

export interface MapWell {
  id: string;
  name: string;
  /** null when the server did not say. */
  status: WellStatus | null;
  latitude: number | null;
  longitude: number | null;
  /** The latest oil rate this computer holds, project units; null when none. */
  oilRate: number | null;
}

export interface PlacedWell extends MapWell {
  latitude: number;
  longitude: number;
  /** Projected, in the map's own pixels before any zoom. */
  x: number;
  y: number;
}

export function hasCoordinates(
  well: MapWell,
): well is MapWell & { latitude: number; longitude: number } {
  return (
    well.latitude !== null &&
    well.longitude !== null &&
    Number.isFinite(well.latitude) &&
    Number.isFinite(well.longitude)
  );
}

/** The lower 48 when there is nothing to fit. */
const CONUS: GeoJSON.MultiPoint = {
  type: 'MultiPoint',
  coordinates: [
    [-124.7, 24.5],
    [-67, 49.4],
  ],
};

/**
 * A Lambert conformal conic (the projection of North American oil and gas maps: shapes
 * and bearings true locally, at any latitude from Texas to Alberta), fitted to the
 * wells with a margin so none sits on the edge.
 */
export function fitProjection(
  wells: ReadonlyArray<{ latitude: number; longitude: number }>,
  width: number,
  height: number,
  margin = 40,
): GeoProjection {
  const target: GeoJSON.MultiPoint =
    wells.length === 0
      ? CONUS
      : { type: 'MultiPoint', coordinates: wells.map((w) => [w.longitude, w.latitude]) };
  const [[west, south], [east, north]] = bounds(target.coordinates);
  // Standard parallels at a sixth of the extent in from each edge: the usual rule of thumb.
  const sixth = (north - south) / 6;
  const projection = geoConicConformal()
    .parallels([south + sixth, north - sixth || north + 1])
    .rotate([-(west + east) / 2, 0]);
  // A single well (or wells in one spot) is shown with about 20 km around it.
  const extent =
    east - west < 0.2 && north - south < 0.2
      ? ({
          type: 'MultiPoint',
          coordinates: [
            [west - 0.2, south - 0.2],
            [east + 0.2, north + 0.2],
          ],
        } satisfies GeoJSON.MultiPoint)
      : target;
  return projection.fitExtent(
    [
      [margin, margin],
      [Math.max(margin + 1, width - margin), Math.max(margin + 1, height - margin)],
    ],
    extent,
  );
}

function bounds(points: readonly GeoJSON.Position[]): [[number, number], [number, number]] {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [x, y] of points as Array<[number, number]>) {
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, y);
    north = Math.max(north, y);
  }
  return [
    [west, south],
    [east, north],
  ];
}

export function placeWells(wells: readonly MapWell[], projection: GeoProjection): PlacedWell[] {
  const placed: PlacedWell[] = [];
  for (const well of wells) {
    if (!hasCoordinates(well)) continue;
    const point = projection([well.longitude, well.latitude]);
    if (point) placed.push({ ...well, x: point[0], y: point[1] });
  }
  return placed;
}

/** A pan and zoom, as d3-zoom gives it: screen = map × k + (x, y). */
export interface View {
  x: number;
  y: number;
  k: number;
}

export const IDENTITY: View = { x: 0, y: 0, k: 1 };

export function toScreen(well: { x: number; y: number }, view: View): [number, number] {
  return [well.x * view.k + view.x, well.y * view.k + view.y];
}

/** The well drawn nearest to a screen point, within `reach` pixels of its edge. */
export function wellAt(
  wells: readonly PlacedWell[],
  view: View,
  sx: number,
  sy: number,
  radius: (well: PlacedWell) => number,
  reach = 4,
): PlacedWell | null {
  let best: PlacedWell | null = null;
  let bestDistance = Infinity;
  for (const well of wells) {
    const [x, y] = toScreen(well, view);
    const distance = Math.hypot(x - sx, y - sy);
    if (distance <= radius(well) + reach && distance < bestDistance) {
      best = well;
      bestDistance = distance;
    }
  }
  return best;
}

/** The wells whose centres fall in the screen box between two corners (either order). */
export function wellsInBox(
  wells: readonly PlacedWell[],
  view: View,
  a: [number, number],
  b: [number, number],
): PlacedWell[] {
  const left = Math.min(a[0], b[0]);
  const right = Math.max(a[0], b[0]);
  const top = Math.min(a[1], b[1]);
  const bottom = Math.max(a[1], b[1]);
  return wells.filter((well) => {
    const [x, y] = toScreen(well, view);
    return x >= left && x <= right && y >= top && y <= bottom;
  });
}

export const MIN_RADIUS = 3.5;
export const MAX_RADIUS = 10;

/**
 * Sized by latest oil rate: the area (not the radius) follows the rate, so a well
 * making four times as much looks four times as big. No rate: the smallest dot.
 */
export function radiusForRate(rate: number | null, maxRate: number): number {
  if (rate === null || !(rate > 0) || !(maxRate > 0)) return MIN_RADIUS;
  return MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(Math.min(1, rate / maxRate));
}
