import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_RULES, UNIT_SYSTEMS, unitLabel } from '../api/index.js';
import type { ProductionView } from '../desktop/production.js';
import { VOLUME_FIELDS } from './columns.js';
import { cumulativeSeries, cumulativeUnit, cumulativeVolume, volumesOf } from './cumulative.js';

describe('cumulativeVolume', () => {
  it('adds rate × 1 day per reported day; shut-in, null and missing days add nothing', () => {
    // date        oil_rate (bbl/d)   cumulative (bbl)
    // 2024-01-01  null               null   nothing reported yet
    // 2024-01-02  100                100    = 0 + 100 × 1
    // 2024-01-03  0                  100    shut in: + 0
    // 2024-01-04  null               100    unknown: + nothing, total carried
    // (2024-01-05 has no row)               missing day: + nothing
    // 2024-01-06  50.5               150.5  = 100 + 50.5
    // 2024-01-07  49.5               200    = 150.5 + 49.5
    expect(cumulativeVolume([null, 100, 0, null, 50.5, 49.5])).toEqual([
      null,
      100,
      100,
      100,
      150.5,
      200,
    ]);
  });

  it('counts on from the volume produced before the first row, known from the first row on', () => {
    expect(cumulativeVolume([null, 2, null, 3], 100)).toEqual([100, 102, 102, 105]);
    expect(cumulativeVolume([null, null], 0)).toEqual([0, 0]);
    expect(cumulativeVolume([], 7)).toEqual([]);
  });

  it('sums a daily view before a range per phase, nulls as nothing', () => {
    expect(
      volumesOf({
        dates: ['2024-01-01', '2024-01-02'],
        values: { oil_rate: [1.5, null], gas_rate: [2, 3] },
      }),
    ).toEqual({ oil_rate: 1.5, gas_rate: 5, water_rate: 0 });
  });

  it('is null throughout when nothing was reported, and empty for no rows', () => {
    expect(cumulativeVolume([null, null])).toEqual([null, null]);
    expect(cumulativeVolume([])).toEqual([]);
  });

  it('never decreases and ends at the sum of the reported rates', () => {
    const rate = fc.option(fc.double({ min: 0, max: 1e5, noNaN: true }), { freq: 4 });
    fc.assert(
      fc.property(fc.array(rate, { maxLength: 400 }), (rates) => {
        const total = cumulativeVolume(rates);
        let previous = -Infinity;
        for (const value of total) {
          if (value === null) continue;
          expect(value).toBeGreaterThanOrEqual(previous);
          previous = value;
        }
        const sum = rates.reduce<number | null>((s, r) => (r === null ? s : (s ?? 0) + r), null);
        expect(total.at(-1) ?? null).toBe(sum);
      }),
    );
  });
});

describe('cumulativeUnit', () => {
  it('labels volumes: bbl and Mscf, m³ and 10³m³', () => {
    expect(cumulativeUnit('oil_rate', 'imperial')).toBe('bbl');
    expect(cumulativeUnit('water_rate', 'imperial')).toBe('bbl');
    expect(cumulativeUnit('gas_rate', 'imperial')).toBe('Mscf');
    expect(cumulativeUnit('oil_rate', 'metric')).toBe('m³');
    expect(cumulativeUnit('water_rate', 'metric')).toBe('m³');
    expect(cumulativeUnit('gas_rate', 'metric')).toBe('10³m³');
  });

  it('is always the rate unit times one day', () => {
    for (const field of VOLUME_FIELDS) {
      for (const system of UNIT_SYSTEMS) {
        expect(`${cumulativeUnit(field, system)}/d`).toBe(
          unitLabel(FIELD_RULES[field].quantity, system),
        );
      }
    }
  });
});

describe('cumulativeSeries', () => {
  it('labels a series for each volume field a ProductionView carries', () => {
    const view: ProductionView = {
      wellId: 'w1',
      from: '2024-01-01',
      to: '2024-01-03',
      aggregation: 'daily',
      unitSystem: 'metric',
      fields: ['oil_rate', 'gas_rate', 'bhp'],
      units: { oil_rate: 'm³/d', gas_rate: '10³m³/d', bhp: 'kPa' },
      dates: ['2024-01-01', '2024-01-02', '2024-01-03'],
      // oil: 10, 10 + 0 = 10, 10 + 5 = 15 m³; gas: 1.5, 1.5 + 2.5 = 4, 4 10³m³
      values: { oil_rate: [10, 0, 5], gas_rate: [1.5, 2.5, null], bhp: [900, 950, 1000] },
      states: ['synced', 'synced', 'synced'],
      deletions: [],
      missing: [],
    };
    expect(cumulativeSeries(view, view.unitSystem)).toEqual([
      { field: 'oil_rate', label: 'Cumulative oil', unit: 'm³', values: [10, 10, 15] },
      { field: 'gas_rate', label: 'Cumulative gas', unit: '10³m³', values: [1.5, 4, 4] },
    ]);
  });
});
