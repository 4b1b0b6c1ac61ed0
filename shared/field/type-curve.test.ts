import { describe, expect, it } from 'vitest';
import { comparisonCsv } from './field-csv.js';
import { typeCurve } from './type-curve.js';

describe('typeCurve', () => {
  it('takes percentiles per step over the wells with a value at that step', () => {
    const curve = typeCurve([
      [100, 80, 60, 50],
      [200, 150, null],
      [300, 240],
    ]);
    // Step 0: 100, 200, 300 → P10 280, P50 200, P90 120.
    expect([curve.p10[0], curve.p50[0], curve.p90[0]]).toEqual([280, 200, 120]);
    // Step 1: 80, 150, 240 → rank 1.8 → 150 + 0.8 × 90 = 222; P50 150; rank 0.2 → 94.
    expect(curve.p10[1]).toBeCloseTo(222, 9);
    expect(curve.p50[1]).toBe(150);
    expect(curve.p90[1]).toBeCloseTo(94, 9);
    // Steps 2 and 3: the second well's null is no value and the third has ended, so only
    // the first well's 60 and 50 remain: below the minimum of two, no percentiles.
    expect(curve.wells).toEqual([3, 3, 1, 1]);
    expect(curve.p50.slice(2)).toEqual([null, null]);
  });

  it('honours another minimum number of wells', () => {
    expect(typeCurve([[5], [7]], 3).p50).toEqual([null]);
    expect(typeCurve([[5]], 1).p50).toEqual([5]);
  });
});

describe('comparisonCsv', () => {
  it('writes a row per producing step, a column per well, then the type curve', () => {
    const wells = [
      { name: 'A-1', values: [100, 80] },
      { name: 'B, 2', values: [300] },
    ];
    const csv = comparisonCsv(wells, typeCurve(wells.map((well) => well.values)), 'month', 'bbl/d');
    expect(csv.split('\r\n')).toEqual([
      'Producing month,A-1 (bbl/d),"B, 2 (bbl/d)",P10 (bbl/d),P50 (bbl/d),P90 (bbl/d),Wells with data',
      '1,100,300,280,200,120,2',
      '2,80,,,,,1',
      '',
    ]);
  });
});
