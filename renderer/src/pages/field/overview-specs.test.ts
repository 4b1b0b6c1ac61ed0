import { describe, expect, it } from 'vitest';
import type { FieldTotalsResult } from '#shared/desktop/index.js';
import {
  fieldCumulativeChart,
  fieldRatesChart,
  producingWellsChart,
  wellCountDomain,
} from './overview-specs.js';

const totals: FieldTotalsResult = {
  projectId: 'p',
  aggregation: 'daily',
  unitSystem: 'metric',
  units: {
    oil: 'm³/d',
    gas: '10³m³/d',
    water: 'm³/d',
    oilVolume: 'm³',
    gasVolume: '10³m³',
    waterVolume: 'm³',
  },
  dates: ['2024-01-01', '2024-01-02'],
  oil: [10, 12],
  gas: [1, null],
  water: [2, 3],
  producingWells: [2, 1],
  cumulativeOil: [10, 22],
  cumulativeGas: [1, 1],
  cumulativeWater: [2, 5],
  wellCount: 3,
  wellsWithProduction: 2,
  wellsWithoutProduction: [{ id: 'w3', name: 'W3' }],
  wellsNotWhole: [],
  wellsWithPendingEdits: 0,
  computedAt: '2024-01-03T00:00:00.000Z',
};

describe('overview chart specs', () => {
  it('draws the field rates like the well page: liquids left, gas right, one log scale', () => {
    const spec = fieldRatesChart(totals, true);
    expect(spec.rows.x).toEqual([19723, 19724]);
    expect(spec.rows.maxStep).toBe(1);
    expect(spec.series.map((s) => [s.key, s.unit, s.axis])).toEqual([
      ['oil', 'm³/d', 'left'],
      ['water', 'm³/d', 'left'],
      ['gas', '10³m³/d', 'right'],
    ]);
    expect(spec.left).toEqual({ label: 'm³/d', log: true });
    expect(spec.sharedLogScale).toBe(true);
    expect(fieldRatesChart(totals, false).right).toEqual({ label: '10³m³/d', log: false });
  });

  it('counts producing wells on a linear axis, and monthly rows break after a month', () => {
    const spec = producingWellsChart({ ...totals, aggregation: 'monthly' });
    expect(spec.series[0]!.values).toEqual([2, 1]);
    expect(spec.left.log).toBe(false);
    expect(spec.rows.maxStep).toBe(31);
    expect(spec.note).toMatch(/any day of the month/);
  });

  it('gives the cumulative volumes in volume units, unbroken', () => {
    const spec = fieldCumulativeChart(totals);
    expect(spec.series.map((s) => [s.label, s.unit])).toEqual([
      ['Oil (Np)', 'm³'],
      ['Water (Wp)', 'm³'],
      ['Gas (Gp)', '10³m³'],
    ]);
    expect(spec.rows.maxStep).toBe(Infinity);
  });
});

describe('wellCountDomain', () => {
  it('gives whole-number ticks in four steps up to the largest count', () => {
    expect(wellCountDomain([0, 2, 1])).toEqual([0, 4]);
    expect(wellCountDomain([7])).toEqual([0, 8]);
    expect(wellCountDomain([90])).toEqual([0, 100]);
    expect(wellCountDomain([140])).toEqual([0, 200]);
    expect(wellCountDomain([])).toEqual([0, 4]);
  });
});
