import { describe, expect, it } from 'vitest';
import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import { viewToColumns, type ProductionView } from '#shared/desktop/index.js';
import {
  cumulativeChart,
  pressuresChart,
  ratesChart,
  ratiosChart,
  rowAxis,
} from './chart-specs.js';

function view(system: UnitSystem, aggregation: 'daily' | 'monthly' = 'daily'): ProductionView {
  return {
    wellId: 'w',
    from: '2024-01-01',
    to: '2024-01-03',
    aggregation,
    unitSystem: system,
    fields: ['oil_rate', 'water_rate', 'gas_rate', 'gor', 'watercut'],
    units: {
      oil_rate: unitLabel('liquidRate', system),
      water_rate: unitLabel('liquidRate', system),
      gas_rate: unitLabel('gasRate', system),
    },
    dates: ['2024-01-01', '2024-01-02', '2024-01-03'],
    values: {
      oil_rate: [100, 0, 50],
      water_rate: [100, 10, null],
      gas_rate: [50, 5, 25],
      gor: [null, null, 900],
      watercut: [null, null, null],
    },
    states: ['synced', 'pending', 'synced'],
    deletions: [],
    missing: [],
  };
}

describe('chart specs', () => {
  it('are the same built from production-columns’ typed columns as from production-get’s view', () => {
    for (const system of ['imperial', 'metric'] as const) {
      for (const aggregation of ['daily', 'monthly'] as const) {
        const v = view(system, aggregation);
        const c = viewToColumns(v);
        expect(rowAxis(c)).toEqual(rowAxis(v));
        expect(ratesChart(c, rowAxis(c), true)).toEqual(ratesChart(v, rowAxis(v), true));
        expect(pressuresChart(c, rowAxis(c))).toEqual(pressuresChart(v, rowAxis(v)));
        expect(ratiosChart(c, rowAxis(c), false)).toEqual(ratiosChart(v, rowAxis(v), false));
        const before = { oil_rate: 10, gas_rate: 20, water_rate: 30 };
        expect(cumulativeChart(c, rowAxis(c), before)).toEqual(
          cumulativeChart(v, rowAxis(v), before),
        );
      }
    }
  });

  it('puts gas on its own axis with its own unit, in either system', () => {
    const imperial = ratesChart(view('imperial'), rowAxis(view('imperial')), true);
    expect(imperial.left.label).toBe('bbl/d');
    expect(imperial.right?.label).toBe('Mscf/d');
    const metric = ratesChart(view('metric'), rowAxis(view('metric')), true);
    expect(metric.left.label).toBe('m³/d');
    expect(metric.right?.label).toBe('10³m³/d');
    expect(metric.left.log).toBe(true);
  });

  it('fills daily GOR and watercut from the rates, keeping recorded values and marking derived ones', () => {
    const v = view('imperial');
    const ratios = ratiosChart(v, rowAxis(v), false);
    const [gor, cut] = ratios.series;
    expect(gor?.values).toEqual([500, null, 900]);
    expect(gor?.derived).toEqual([true, false, false]);
    expect(cut?.values).toEqual([50, 100, null]);
    expect(gor?.unit).toBe('scf/bbl');
    expect(cut?.unit).toBe('%');
    expect(ratios.right?.domain).toEqual([0, 100]);
    expect(ratiosChart(view('metric'), rowAxis(view('metric')), false).left.label).toBe('m³/m³');
  });

  it('keeps monthly ratios as the API computed them', () => {
    const v = view('imperial', 'monthly');
    const ratios = ratiosChart(v, rowAxis(v), false);
    expect(ratios.series[0]?.values).toEqual([null, null, 900]);
    expect(ratios.series[0]?.derived).toBeUndefined();
  });

  it('labels cumulative volumes in volume units, liquids left and gas right', () => {
    const v = view('metric');
    const chart = cumulativeChart(v, rowAxis(v), null);
    expect(chart.series.map((s) => [s.label, s.unit, s.axis])).toEqual([
      ['Oil', 'm³', 'left'],
      ['Water', 'm³', 'left'],
      ['Gas', '10³m³', 'right'],
    ]);
    expect(chart.series[0]?.values).toEqual([100, 100, 150]);
    expect(chart.rows.maxStep).toBe(Infinity);
    expect(cumulativeChart(view('imperial'), rowAxis(view('imperial')), null).right?.label).toBe(
      'Mscf',
    );
    expect(chart.title).toBe('Cumulative volumes in the range');
    expect(chart.note).toMatch(/the history before is not on this computer/);
  });

  it('counts cumulative volumes since first production when the history before is known', () => {
    const v = view('metric');
    const before = { oil_rate: 1000, gas_rate: 20, water_rate: 0 };
    const chart = cumulativeChart(v, rowAxis(v), before);
    expect(chart.title).toBe('Cumulative volumes since first production');
    expect(chart.series.map((s) => s.label)).toEqual(['Oil (Np)', 'Water (Wp)', 'Gas (Gp)']);
    expect(chart.series[0]?.values).toEqual([1100, 1100, 1150]);
  });

  it('skips fields the view did not read', () => {
    const v = view('imperial');
    expect(pressuresChart(v, rowAxis(v)).series).toEqual([]);
  });
});
