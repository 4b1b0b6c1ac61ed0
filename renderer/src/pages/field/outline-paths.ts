import { geoPath, type GeoProjection } from 'd3-geo';
import type { Atlas, AtlasPlace } from './atlas.js';

/** The atlas's outlines projected to map pixels, ready to fill and stroke under any pan or zoom. */
export interface OutlinePaths {
  countries: Path2D;
  states: Path2D;
  counties: Path2D;
  /** The atlas's place names at their projected points (map pixels). */
  labels: MapLabel[];
  /** Map pixels per kilometre before any zoom (the projection's scale over the Earth's radius). */
  pixelsPerKm: number;
}

export interface MapLabel {
  name: string;
  kind: AtlasPlace['kind'];
  x: number;
  y: number;
}

/**
 * Projecting every county and country outline is most of a frame's work, and it only
 * changes with the projection: pans and zooms are a transform of the same paths. So
 * they are projected once per projection, and kept for the projection's parameters
 * (fitProjection gives equal ones for the same wells and canvas size), so opening the
 * Map tab again does not project them again either.
 */
const EARTH_RADIUS_KM = 6371;

const cache = new WeakMap<Atlas, Map<string, OutlinePaths>>();

export function outlinePaths(atlas: Atlas, projection: GeoProjection): OutlinePaths {
  const key = JSON.stringify([
    projection.scale(),
    projection.translate(),
    projection.rotate(),
    (projection as GeoProjection & { parallels?: () => [number, number] }).parallels?.(),
  ]);
  let byProjection = cache.get(atlas);
  if (!byProjection) cache.set(atlas, (byProjection = new Map()));
  let paths = byProjection.get(key);
  if (!paths) {
    const path = geoPath(projection);
    paths = {
      countries: new Path2D(path(atlas.countries) ?? ''),
      states: new Path2D(path(atlas.states) ?? ''),
      counties: new Path2D(path(atlas.counties) ?? ''),
      labels: atlas.places.flatMap((place) => {
        const point = projection([place.longitude, place.latitude]);
        return point ? [{ name: place.name, kind: place.kind, x: point[0], y: point[1] }] : [];
      }),
      pixelsPerKm: projection.scale() / EARTH_RADIUS_KM,
    };
    byProjection.set(key, paths);
  }
  return paths;
}
