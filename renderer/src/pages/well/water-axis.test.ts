import { describe, expect, it } from 'vitest';
import type { ChartSpec, SeriesSpec } from './chart-specs.js';
import { HIDDEN_GAP, waterGasGap, withWaterOnItsOwnAxis } from './water-axis.js';

const series = (field: string, axis: 'left' | 'right', values: number[], unit: string) =>
  ({
    key: `cumulative_${field}`,
    label: field,
    unit,
    colour: '#000',
    axis,
    values,
  }) satisfies SeriesSpec;

function cumulative(oil: number[], water: number[], gas: number[]): ChartSpec {
  return {
    id: 'cumulative',
    title: 'Cumulative volumes since first production',
    rows: { x: [0, 1, 2, 3], dates: [], states: [], maxStep: Infinity, monthly: false },
    series: [
      series('oil_rate', 'left', oil, 'bbl'),
      series('water_rate', 'left', water, 'bbl'),
      series('gas_rate', 'right', gas, 'Mscf'),
    ],
    left: { label: 'bbl', log: false },
    right: { label: 'Mscf', log: false },
  };
}

describe('Wp on its own axis', () => {
  it('moves Wp to a chart of its own when its line would lie on Gp’s', () => {
    // Water tops the left axis and rises as gas does on the right: the lines coincide.
    const spec = cumulative([0, 50, 100, 150], [0, 100, 200, 300], [0, 1000, 2000, 3000]);
    expect(waterGasGap([0, 100, 200, 300], 300, [0, 1000, 2000, 3000])).toBe(0);
    const [main, water] = withWaterOnItsOwnAxis(spec);
    expect(main!.series.map((s) => s.key)).toEqual(['cumulative_oil_rate', 'cumulative_gas_rate']);
    expect(main!.left.label).toBe('bbl');
    expect(water!.id).toBe('cumulative-water');
    expect(water!.title).toBe('Cumulative water since first production (Wp)');
    expect(water!.series.map((s) => s.key)).toEqual(['cumulative_water_rate']);
    expect(water!.left.label).toBe('bbl');
    expect(water!.right).toBeNull();
  });

  it('leaves the chart as it is when the lines are apart', () => {
    // Oil tops the left axis, so water sits low while gas fills the right axis.
    const spec = cumulative([0, 500, 1000, 1500], [0, 100, 200, 300], [0, 1000, 2000, 3000]);
    expect(waterGasGap([0, 100, 200, 300], 1500, [0, 1000, 2000, 3000])).toBeGreaterThan(
      HIDDEN_GAP,
    );
    expect(withWaterOnItsOwnAxis(spec)).toEqual([spec]);
  });

  it('leaves a chart without water or gas alone', () => {
    const spec = cumulative([0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]);
    const noGas = { ...spec, series: spec.series.slice(0, 2) };
    expect(withWaterOnItsOwnAxis(noGas)).toEqual([noGas]);
    const noWater = cumulative([0, 1, 2, 3], [0, 0, 0, 0], [0, 1, 2, 3]);
    expect(withWaterOnItsOwnAxis(noWater)).toEqual([noWater]);
  });
});
