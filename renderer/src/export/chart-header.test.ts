import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '../pages/well/chart-specs.js';
import { chartFileName, chartHeader, chartLegend, rangeDetail } from './chart-header.js';

const spec = {
  id: 'cumulative',
  title: 'Cumulative volumes',
  note: 'From daily rates, counted from 2024-01-01',
  rows: { x: [], dates: [], states: [], maxStep: 1, monthly: false },
  series: [
    { key: 'a', label: 'Oil', unit: 'bbl', colour: '#1', axis: 'left', values: [] },
    { key: 'b', label: 'Gas', unit: 'Mscf', colour: '#2', axis: 'right', values: [] },
  ],
  left: { label: 'bbl', log: false },
  right: { label: 'Mscf', log: false },
} satisfies ChartSpec;
const context = { wellName: 'Dagger Draw 8-2 #1H', unitSystem: 'imperial' } as const;
const range = { from: '2024-01-01', to: '2024-03-31' };

describe('chart export header', () => {
  it('names the chart, the well, the range, the view and the units', () => {
    expect(chartHeader(spec, context, range)).toEqual({
      title: 'Cumulative volumes',
      wellName: 'Dagger Draw 8-2 #1H',
      detail: '2024-01-01 – 2024-03-31 · Daily · Imperial units',
      note: 'From daily rates, counted from 2024-01-01',
    });
    expect(rangeDetail(range, 'monthly', 'metric')).toBe(
      '2024-01-01 – 2024-03-31 · Monthly · Metric units',
    );
  });

  it('lists the series shown, with units', () => {
    expect(chartLegend(spec, new Set(['b']))).toEqual([
      { label: 'Oil', unit: 'bbl', colour: '#1' },
    ]);
  });

  it('names the file after the well, the chart and the range', () => {
    expect(chartFileName(spec, context, range, 'svg')).toBe(
      'Dagger-Draw-8-2-1H-cumulative-2024-01-01_2024-03-31.svg',
    );
  });
});
