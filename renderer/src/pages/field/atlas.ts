import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The outlines under the wells, bundled (no tile server: the map works offline). The
 * US Census's states and counties from us-atlas, and the world's countries from
 * world-atlas for wells outside the US (the demo's Montney wells are in Alberta). Both
 * are loaded on first use, as their own chunks, so the app starts no slower.
 */
export interface Atlas {
  countries: GeoJSON.FeatureCollection;
  states: GeoJSON.MultiLineString;
  counties: GeoJSON.MultiLineString;
}

let loading: Promise<Atlas> | null = null;
let loaded: Atlas | null = null;

/**
 * The atlas when an earlier visit loaded it, else null. A promise settles only after the
 * first render, so the Map tab would draw its 20,000 dots once without outlines and again
 * with them; with the atlas at hand it draws once.
 */
export function loadedAtlas(): Atlas | null {
  return loaded;
}

export function loadAtlas(): Promise<Atlas> {
  loading ??= Promise.all([
    import('us-atlas/counties-10m.json'),
    import('world-atlas/countries-50m.json'),
  ]).then(([us, world]) => {
    const usTopology = us.default as Topology<{
      states: GeometryCollection;
      counties: GeometryCollection;
    }>;
    const worldTopology = world.default as Topology<{
      countries: GeometryCollection;
    }>;
    loaded = {
      countries: feature(
        worldTopology,
        worldTopology.objects.countries,
      ) as GeoJSON.FeatureCollection,
      // Borders shared by two states (or counties) once, not twice.
      states: mesh(usTopology, usTopology.objects.states, (a, b) => a !== b),
      counties: mesh(usTopology, usTopology.objects.counties, (a, b) => a !== b),
    };
    return loaded;
  });
  return loading;
}
