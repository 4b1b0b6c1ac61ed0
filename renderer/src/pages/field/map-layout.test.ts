import { describe, expect, it } from 'vitest';
import { wellView } from '../../testing/fixtures.js';
import { mapLayout } from './map-layout.js';
import { fitProjection, hasCoordinates, placeWells, radiusForRate } from './map-geometry.js';
import { mapWells } from './map-wells.js';

const VIEWS = [
  wellView({
    id: 'w_a',
    latitude: 31.9,
    longitude: -103.1,
    lastProduction: { date: '2026-11-20', oilRate: 400, gasRate: 0, waterRate: 0 },
  }),
  wellView({ id: 'w_b', status: 'shut_in', latitude: 48.1, longitude: -103.6 }),
  wellView({ id: 'w_none' }),
];

describe('mapLayout', () => {
  it('places the wells as fitting and placing them directly does', () => {
    const layout = mapLayout(VIEWS, 800, 480);
    const wells = mapWells(VIEWS);
    const located = wells.filter(hasCoordinates);
    expect(layout.placed).toEqual(placeWells(located, fitProjection(located, 800, 480)));
    expect(layout.missing.map((well) => well.id)).toEqual(['w_none']);
    expect(layout.maxRate).toBe(400);
    expect(layout.placed.map(layout.radius)).toEqual([
      radiusForRate(400, 400),
      radiusForRate(null, 400),
    ]);
    expect(layout.dots.map((batch) => [batch.status, batch.x.length])).toEqual([
      ['active', 1],
      ['shut_in', 1],
      ['inactive', 0],
      ['unknown', 0],
    ]);
  });

  it('gives the same layout back for the same list and size, and a new one for a new size', () => {
    const first = mapLayout(VIEWS, 640, 480);
    expect(mapLayout(VIEWS, 640, 480)).toBe(first);
    const wider = mapLayout(VIEWS, 900, 480);
    expect(wider).not.toBe(first);
    expect(wider.wells).toBe(first.wells);
    const located = first.wells.filter(hasCoordinates);
    expect(wider.placed).toEqual(placeWells(located, fitProjection(located, 900, 480)));
  });
});
