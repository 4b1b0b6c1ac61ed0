import { describe, expect, it } from 'vitest';
import { hasLateral, LATERAL_BASIS, normalisePerLateral } from './normalise.js';

describe('normalisePerLateral', () => {
  it('gives imperial rates per 1,000 ft of lateral', () => {
    // 500 bbl/d from a 10,000 ft lateral is 50 bbl/d per 1,000 ft.
    expect(normalisePerLateral([500, null, 250], 10_000, 'imperial')).toEqual([50, null, 25]);
    expect(LATERAL_BASIS.imperial.label).toBe('per 1,000 ft');
  });

  it('gives metric rates per 100 m of lateral', () => {
    // 80 m³/d from a 2,000 m lateral is 4 m³/d per 100 m.
    expect(normalisePerLateral([80], 2000, 'metric')).toEqual([4]);
    expect(LATERAL_BASIS.metric.label).toBe('per 100 m');
  });

  it('knows which wells cannot be normalised', () => {
    expect(hasLateral(null)).toBe(false);
    expect(hasLateral(0)).toBe(false);
    expect(hasLateral(1500)).toBe(true);
    expect(() => normalisePerLateral([1], 0, 'imperial')).toThrow(
      'lateral length 0 must be a number above zero',
    );
  });
});
