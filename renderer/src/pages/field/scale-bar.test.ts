import { describe, expect, it } from 'vitest';
import { visibleNames } from './place-names.js';
import { scaleBar } from './scale-bar.js';

describe('the scale bar', () => {
  it('is the longest round distance that fits, in miles or kilometres', () => {
    // 2 px per km: 120 px is 60 km, so 50 km (100 px); in miles 120 px is 37.3 mi → 20 mi.
    expect(scaleBar(2, 'km')).toEqual({ pixels: 100, label: '50 km' });
    const miles = scaleBar(2, 'mi')!;
    expect(miles.label).toBe('20 mi');
    expect(miles.pixels).toBeCloseTo(20 * 1.609344 * 2, 9);
    // Zoomed right in: 400 px per km gives 0.2 km (80 px).
    expect(scaleBar(400, 'km')).toEqual({ pixels: 80, label: '0.2 km' });
    expect(scaleBar(0, 'km')).toBeNull();
  });
});

describe('place names', () => {
  const labels = [
    { name: 'Texas', kind: 'state' as const, x: 100, y: 100 },
    { name: 'New Mexico', kind: 'state' as const, x: 100, y: 40 },
    { name: 'Loving', kind: 'county' as const, x: 100, y: 100 },
    { name: 'Reeves', kind: 'county' as const, x: 300, y: 200 },
    { name: 'United States of America', kind: 'country' as const, x: 200, y: 150 },
  ];
  const measure = (text: string) => text.length * 7;
  const names = (pixelsPerKm: number) =>
    visibleNames({ labels, pixelsPerKm }, { x: 0, y: 0, k: 1 }, 400, 300, measure).map(
      (name) => name.text,
    );

  it('shows states on a basin view, and counties once zoomed in, never on top of each other', () => {
    expect(names(0.5)).toEqual(['TEXAS', 'NEW MEXICO']);
    // Counties at 2 px/km: Loving sits under TEXAS and is left out; Reeves is clear.
    expect(names(2)).toEqual(['TEXAS', 'NEW MEXICO', 'Reeves']);
    expect(names(0.05)).toEqual(['UNITED STATES OF AMERICA']);
  });
});
