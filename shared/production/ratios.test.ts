import { describe, expect, it } from 'vitest';
import { fromStored } from '../api/index.js';
import { fillRatios, gasOilRatio, watercut } from './ratios.js';

describe('gasOilRatio', () => {
  it('is 1000 × gas ÷ oil while oil flows', () => {
    expect(gasOilRatio(100, 50)).toBe(500); // 1000 × 50 Mscf/d ÷ 100 bbl/d = 500 scf/bbl
    expect(gasOilRatio(100, 0)).toBe(0); // dead oil: a real 0
  });

  it('is null without oil or without either rate', () => {
    expect(gasOilRatio(0, 10)).toBeNull();
    expect(gasOilRatio(null, 10)).toBeNull();
    expect(gasOilRatio(100, null)).toBeNull();
  });

  it('gives m³/m³ from metric rates: the metric GOR of the same day', () => {
    // 100 bbl/d and 250 Mscf/d → 2500 scf/bbl; in metric the rates are
    // 15.8987… m³/d and 7.0792… 10³m³/d, and 1000 × 7.0792… ÷ 15.8987… is 2500 scf/bbl in m³/m³.
    const oil = fromStored('liquidRate', 100, 'metric');
    const gas = fromStored('gasRate', 250, 'metric');
    expect(gasOilRatio(oil, gas)).toBeCloseTo(fromStored('gasOilRatio', 2500, 'metric'), 9);
  });
});

describe('watercut', () => {
  it('is 100 × water ÷ (water + oil)', () => {
    expect(watercut(30, 70)).toBe(70); // 100 × 70 ÷ 100
    expect(watercut(0, 10)).toBe(100);
    expect(watercut(10, 0)).toBe(0);
  });

  it('is null without liquid or without either rate', () => {
    expect(watercut(0, 0)).toBeNull();
    expect(watercut(null, 10)).toBeNull();
    expect(watercut(10, null)).toBeNull();
  });
});

describe('fillRatios', () => {
  it('keeps the recorded ratios and fills the rest from the rates', () => {
    // row  oil   gas   water  gor rec  wc rec  →  gor                     watercut
    // 0    100   250   25     null     null       1000×250/100 = 2500 *   100×25/125 = 20 *
    // 1    80    100   20     1300     15         1300 (kept; rates: 1250) 15 (kept; rates: 20)
    // 2    0     0     0      null     null       null (shut in)          null
    // 3    null  40    10     null     null       null                    null
    // 4    50    null  50     null     null       null                    100×50/100 = 50 *
    // (* derived)
    const { gor, watercut } = fillRatios({
      dates: ['d0', 'd1', 'd2', 'd3', 'd4'],
      values: {
        oil_rate: [100, 80, 0, null, 50],
        gas_rate: [250, 100, 0, 40, null],
        water_rate: [25, 20, 0, 10, 50],
        gor: [null, 1300, null, null, null],
        watercut: [null, 15, null, null, null],
      },
    });
    expect(gor).toEqual({
      values: [2500, 1300, null, null, null],
      derived: [true, false, false, false, false],
    });
    expect(watercut).toEqual({
      values: [20, 15, null, null, 50],
      derived: [true, false, false, false, true],
    });
  });

  it('reads absent columns as null', () => {
    const { gor, watercut } = fillRatios({ dates: ['d0', 'd1'], values: { oil_rate: [1, 2] } });
    expect(gor).toEqual({ values: [null, null], derived: [false, false] });
    expect(watercut).toEqual({ values: [null, null], derived: [false, false] });
  });

  it('computes both when the records carry no ratio columns at all', () => {
    const { gor, watercut } = fillRatios({
      dates: ['d0'],
      values: { oil_rate: [200], gas_rate: [100], water_rate: [50] },
    });
    expect(gor.values).toEqual([500]); // 1000 × 100 / 200
    expect(watercut.values).toEqual([20]); // 100 × 50 / 250
  });
});
