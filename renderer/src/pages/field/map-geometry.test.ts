import { describe, expect, it } from 'vitest';
import {
  fitProjection,
  IDENTITY,
  MAX_RADIUS,
  MIN_RADIUS,
  placeWells,
  radiusForRate,
  wellAt,
  wellsInBox,
  type MapWell,
} from './map-geometry.js';

const well = (id: string, latitude: number | null, longitude: number | null): MapWell => ({
  id,
  name: `Well ${id}`,
  status: 'active',
  latitude,
  longitude,
  oilRate: null,
});

// Midland (TX), Williston (ND) and Grande Prairie (AB): the demo's three basins.
const WELLS = [well('m', 32.0, -102.1), well('w', 48.15, -103.6), well('g', 55.17, -118.8)];

describe('fitProjection and placeWells', () => {
  it('places every well with coordinates inside the map, north up, west left', () => {
    const projection = fitProjection(
      WELLS as Array<MapWell & { latitude: number; longitude: number }>,
      800,
      600,
    );
    const placed = placeWells([...WELLS, well('none', null, null)], projection);
    expect(placed.map((p) => p.id)).toEqual(['m', 'w', 'g']);
    for (const p of placed) {
      expect(p.x).toBeGreaterThanOrEqual(39);
      expect(p.x).toBeLessThanOrEqual(761);
      expect(p.y).toBeGreaterThanOrEqual(39);
      expect(p.y).toBeLessThanOrEqual(561);
    }
    const [m, w, g] = placed;
    expect(w!.y).toBeLessThan(m!.y);
    expect(g!.y).toBeLessThan(w!.y);
    expect(g!.x).toBeLessThan(w!.x);
  });

  it('shows a lone well in the middle, with country around it', () => {
    const lone = [well('a', 32, -102)] as Array<MapWell & { latitude: number; longitude: number }>;
    const projection = fitProjection(lone, 800, 600);
    const [p] = placeWells(lone, projection);
    expect(p!.x).toBeCloseTo(400, 0);
    expect(p!.y).toBeCloseTo(300, 0);
    const near = projection([-101.9, 32])!;
    expect(Math.abs(near[0] - p!.x)).toBeLessThan(400);
  });
});

describe('wellAt and wellsInBox', () => {
  const placed = [
    { ...well('a', 0, 0), latitude: 0, longitude: 0, x: 100, y: 100 },
    { ...well('b', 0, 0), latitude: 0, longitude: 0, x: 110, y: 100 },
    { ...well('c', 0, 0), latitude: 0, longitude: 0, x: 300, y: 200 },
  ];

  it('finds the nearest well under the pointer, and none far from all', () => {
    expect(wellAt(placed, IDENTITY, 103, 101, () => 3)?.id).toBe('a');
    expect(wellAt(placed, IDENTITY, 108, 100, () => 3)?.id).toBe('b');
    expect(wellAt(placed, IDENTITY, 200, 150, () => 3)).toBeNull();
  });

  it('follows the pan and zoom', () => {
    const view = { x: -100, y: -50, k: 2 }; // a at (100, 150), c at (500, 350)
    expect(wellAt(placed, view, 500, 351, () => 3)?.id).toBe('c');
    expect(wellsInBox(placed, view, [90, 140], [115, 160]).map((w) => w.id)).toEqual(['a']);
  });

  it('selects the wells whose centres are in the box, dragged either way', () => {
    expect(wellsInBox(placed, IDENTITY, [95, 90], [115, 110]).map((w) => w.id)).toEqual(['a', 'b']);
    expect(wellsInBox(placed, IDENTITY, [400, 250], [95, 90]).map((w) => w.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(wellsInBox(placed, IDENTITY, [0, 0], [50, 50])).toEqual([]);
  });
});

describe('radiusForRate', () => {
  it('grows the area with the rate, from the smallest dot to the largest', () => {
    expect(radiusForRate(null, 500)).toBe(MIN_RADIUS);
    expect(radiusForRate(0, 500)).toBe(MIN_RADIUS);
    expect(radiusForRate(500, 500)).toBe(MAX_RADIUS);
    expect(radiusForRate(125, 500)).toBeCloseTo(MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) / 2);
    expect(radiusForRate(900, 500)).toBe(MAX_RADIUS);
  });
});
