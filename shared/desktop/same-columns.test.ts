import { describe, expect, it } from 'vitest';
import type { ProductionColumns } from './production.js';
import { sameColumns } from './production-columns.js';

function answer(oil: number[], states = [0, 0, 0]): ProductionColumns {
  return {
    wellId: 'w',
    from: '2024-01-01',
    to: '2024-01-03',
    aggregation: 'daily',
    unitSystem: 'imperial',
    fields: ['oil_rate'],
    units: { oil_rate: 'bbl/d' },
    days: new Int32Array([19723, 19724, 19725]),
    values: { oil_rate: new Float64Array(oil) },
    states: new Uint8Array(states),
    deletions: [],
    missing: [],
  };
}

describe('sameColumns', () => {
  it('holds two reads of the same days equal, gaps (NaN) included', () => {
    expect(sameColumns(answer([1, Number.NaN, 3]), answer([1, Number.NaN, 3]))).toBe(true);
  });

  it('tells a changed value, a filled gap, a new state or another range apart', () => {
    const base = answer([1, Number.NaN, 3]);
    expect(sameColumns(base, answer([1, Number.NaN, 4]))).toBe(false);
    expect(sameColumns(base, answer([1, 2, 3]))).toBe(false);
    expect(sameColumns(base, answer([1, Number.NaN, 3], [0, 1, 0]))).toBe(false);
    expect(sameColumns(base, { ...answer([1, Number.NaN, 3]), to: '2024-01-04' })).toBe(false);
    expect(sameColumns(base, { ...answer([1, Number.NaN, 3]), values: {} })).toBe(false);
  });
});
