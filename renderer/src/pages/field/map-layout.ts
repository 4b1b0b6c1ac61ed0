import type { GeoProjection } from 'd3-geo';
import type { WellView } from '#shared/desktop/index.js';
import { dotBatches, type DotBatch } from './dot-batches.js';
import { STATUS_COLOUR, type MapStatus } from './draw-map.js';
import {
  fitProjection,
  hasCoordinates,
  placeWells,
  radiusForRate,
  type MapWell,
  type PlacedWell,
} from './map-geometry.js';
import { mapWells } from './map-wells.js';

/** Everything the Map tab derives from the well list and the canvas size before drawing. */
export interface MapLayout {
  wells: MapWell[];
  /** The wells with coordinates, placed by the projection. */
  placed: PlacedWell[];
  missing: MapWell[];
  projection: GeoProjection;
  maxRate: number;
  radius: (well: PlacedWell) => number;
  dots: Array<DotBatch<MapStatus>>;
}

/**
 * Kept for the well list it was made from (react-query hands the same array back while
 * the list is unchanged) and the last size: converting, fitting the projection to and
 * placing 20,000 wells is a good part of opening the tab, and a visit to another tab
 * changes none of it. The same layout also keeps the projection's outline paths and the
 * dots' batches the same objects, so nothing downstream is redone either.
 */
const cache = new WeakMap<readonly WellView[], Map<string, MapLayout>>();
/** Sizes kept per list: the tab renders once before its width is known, then at it. */
const SIZES_KEPT = 4;

export function mapLayout(views: readonly WellView[], width: number, height: number): MapLayout {
  const key = `${width}×${height}`;
  let bySize = cache.get(views);
  if (!bySize) cache.set(views, (bySize = new Map()));
  const kept = bySize.get(key);
  if (kept) return kept;
  const wells = bySize.values().next().value?.wells ?? mapWells(views);
  const located = wells.filter(hasCoordinates);
  const projection = fitProjection(located, width, height);
  const placed = placeWells(located, projection);
  let maxRate = 0;
  for (const well of placed) maxRate = Math.max(maxRate, well.oilRate ?? 0);
  const radius = (well: PlacedWell) => radiusForRate(well.oilRate, maxRate);
  const layout: MapLayout = {
    wells,
    placed,
    missing: wells.filter((well) => !hasCoordinates(well)),
    projection,
    maxRate,
    radius,
    dots: dotBatches(placed, radius, Object.keys(STATUS_COLOUR) as MapStatus[], 'unknown'),
  };
  if (bySize.size >= SIZES_KEPT) bySize.delete(bySize.keys().next().value as string);
  bySize.set(key, layout);
  return layout;
}

let drawnWidth = 0;

/** The width the map was last drawn at (CSS pixels), 0 before the first draw. */
export function lastMapWidth(): number {
  return drawnWidth;
}

export function rememberMapWidth(width: number): void {
  drawnWidth = width;
}
