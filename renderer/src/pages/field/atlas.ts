import { geoCentroid } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import usAtlasUrl from 'us-atlas/counties-10m.json?url';
import worldAtlasUrl from 'world-atlas/countries-50m.json?url';

/**
 * The outlines under the wells, bundled (no tile server: the map works offline). The
 * US Census's states and counties from us-atlas, and the world's countries from
 * world-atlas for wells outside the US (the demo's Montney wells are in Alberta). Both
 * are fetched from the app's own files on first use, as data rather than script chunks
 * (1.6 MB of JSON parses faster as JSON than as a module), so the app starts no slower.
 */
export interface Atlas {
  countries: GeoJSON.FeatureCollection;
  states: GeoJSON.MultiLineString;
  counties: GeoJSON.MultiLineString;
  /** Where each state, county and country is named (the centre of its area). */
  places: AtlasPlace[];
}

export interface AtlasPlace {
  name: string;
  kind: 'country' | 'state' | 'county';
  longitude: number;
  latitude: number;
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
  loading ??= Promise.all([fetchJson(usAtlasUrl), fetchJson(worldAtlasUrl)]).then(([us, world]) => {
    const usTopology = us as Topology<{
      states: GeometryCollection;
      counties: GeometryCollection;
    }>;
    const worldTopology = world as Topology<{
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
      places: [
        ...places(feature(worldTopology, worldTopology.objects.countries), 'country'),
        ...places(feature(usTopology, usTopology.objects.states), 'state'),
        ...places(feature(usTopology, usTopology.objects.counties), 'county'),
      ],
    };
    return loaded;
  });
  // A failed read (a file missing from a broken install) is tried again on the next visit.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The map outlines could not be read (${response.status}).`);
  return response.json();
}

function places(
  collection: GeoJSON.FeatureCollection | GeoJSON.Feature,
  kind: AtlasPlace['kind'],
): AtlasPlace[] {
  const features = collection.type === 'FeatureCollection' ? collection.features : [collection];
  return features.flatMap((item) => {
    const name = (item.properties as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || name === '') return [];
    const [longitude, latitude] = geoCentroid(item);
    return Number.isFinite(longitude) && Number.isFinite(latitude)
      ? [{ name, kind, longitude, latitude }]
      : [];
  });
}
