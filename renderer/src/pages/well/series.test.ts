import { describe, expect, it } from 'vitest';
import type { ProductionView } from '../../../../shared/desktop/index.js';
import { chartSeries } from './series.js';

function view(values: Array<number | null>, start = '2020-01-01'): ProductionView {
  const first = Date.parse(`${start}T00:00:00Z`);
  const dates = values.map((_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
  return {
    wellId: 'w',
    from: dates[0] ?? start,
    to: dates[dates.length - 1] ?? start,
    aggregation: 'daily',
    unitSystem: 'imperial',
    fields: ['oil_rate'],
    units: { oil_rate: 'bbl/d' },
    dates,
    values: { oil_rate: values },
    states: values.map(() => 'synced' as const),
    deletions: [],
    missing: [],
  };
}

describe('chartSeries', () => {
  it('keeps a single shut-in day among thousands, as a gap on a log axis', () => {
    const values = Array.from({ length: 7300 }, (_, i) => (i === 4000 ? 0 : 100 - i / 100));
    const linear = chartSeries(view(values), 'oil_rate', 500, false);
    expect(linear.length).toBeLessThanOrEqual(2 * 500 + 2);
    expect(linear.some((point) => point.y === 0)).toBe(true);
    const log = chartSeries(view(values), 'oil_rate', 500, true);
    expect(log.some((point) => point.y === 0)).toBe(false);
    expect(log.some((point) => point.y === null)).toBe(true);
  });

  it('places points on real dates and returns nothing for a field not read', () => {
    const points = chartSeries(view([1, 2, 3]), 'oil_rate', 100, false);
    expect(points.map((point) => new Date(point.x).toISOString().slice(0, 10))).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
    ]);
    expect(chartSeries(view([1]), 'gas_rate', 100, false)).toEqual([]);
  });
});
