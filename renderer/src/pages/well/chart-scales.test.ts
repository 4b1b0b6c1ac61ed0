import { describe, expect, it } from 'vitest';
import { chartScales } from './chart-scales.js';
import type { AxisSpec } from './chart-specs.js';

const logAxisSpec: AxisSpec = { label: 'bbl/d', log: true };
const points = (...ys: Array<number | null>) => ys.map((y, x) => ({ x, y }));

describe('chartScales', () => {
  it('scales each side to its own visible lines, and a side with none to null', () => {
    const scales = chartScales({ left: logAxisSpec, right: { label: '%', log: false } }, [
      { axis: 'left', points: points(3, 0, null, 450) },
    ]);
    expect(scales.right).toBeNull();
    expect(scales.left!.domain[0]).toBeLessThanOrEqual(3);
    expect(scales.left!.domain[1]).toBeGreaterThanOrEqual(450);
  });

  it('shares one decade-aligned log scale across both sides when the spec says so', () => {
    const scales = chartScales(
      { left: logAxisSpec, right: { label: 'Mcf/d', log: true }, sharedLogScale: true },
      [
        { axis: 'left', points: points(20, 300) },
        { axis: 'right', points: points(2, 5000) },
      ],
    );
    expect(scales.left).toEqual(scales.right);
    expect(scales.left!.domain).toEqual([1, 10000]);
  });
});
