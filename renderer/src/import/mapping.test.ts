import { describe, expect, it } from 'vitest';
import {
  changeColumn,
  displayUnit,
  fieldHeading,
  TARGET_OPTIONS,
  unitChoicesOf,
} from './mapping.js';

const columns = [
  { index: 0, target: 'date' as const, unit: null },
  { index: 1, target: 'oil_rate' as const, unit: 'bbl/d' },
  { index: 2, target: 'gas_rate' as const, unit: 'Mcf/d' },
  { index: 3, target: 'ignore' as const, unit: null },
];

describe('changeColumn', () => {
  it('sends every column, with the changed one in its new target and the project unit', () => {
    expect(changeColumn(columns, 3, { target: 'bhp' })).toEqual([
      { index: 0, target: 'date' },
      { index: 1, target: 'oil_rate', unit: 'bbl/d' },
      { index: 2, target: 'gas_rate', unit: 'Mcf/d' },
      { index: 3, target: 'bhp' },
    ]);
  });

  it('moves a target another column held, and ignores that column', () => {
    const next = changeColumn(columns, 3, { target: 'date' });
    expect(next[0]).toEqual({ index: 0, target: 'ignore' });
    expect(next[3]).toEqual({ index: 3, target: 'date' });
  });

  it('keeps the unit when the new target measures the same quantity', () => {
    expect(changeColumn(columns, 1, { target: 'water_rate' })[1]).toEqual({
      index: 1,
      target: 'water_rate',
      unit: 'bbl/d',
    });
    // gas is another quantity: the project's unit, until the person picks one
    expect(changeColumn(columns, 1, { target: 'gas_rate' })).toEqual([
      { index: 0, target: 'date' },
      { index: 1, target: 'gas_rate' },
      { index: 2, target: 'ignore' },
      { index: 3, target: 'ignore' },
    ]);
  });

  it('changes a unit alone, and drops units of targets that have none', () => {
    expect(changeColumn(columns, 2, { unit: 'e3m3/d' })[2]).toEqual({
      index: 2,
      target: 'gas_rate',
      unit: 'e3m3/d',
    });
    expect(changeColumn(columns, 1, { target: 'ignore' })[1]).toEqual({
      index: 1,
      target: 'ignore',
    });
    expect(changeColumn(columns, 2, { unit: null })[2]).toEqual({ index: 2, target: 'gas_rate' });
  });
});

describe('targets and units', () => {
  it('offers ignore first, then every target once', () => {
    expect(TARGET_OPTIONS[0]).toBe('ignore');
    expect(new Set(TARGET_OPTIONS).size).toBe(TARGET_OPTIONS.length);
    expect(TARGET_OPTIONS).toContain('watercut');
  });

  it('lists units only for production fields', () => {
    expect(unitChoicesOf('oil_rate')).toEqual(['bbl/d', 'm3/d', 'L/d']);
    expect(unitChoicesOf('date')).toEqual([]);
    expect(unitChoicesOf('ignore')).toEqual([]);
  });

  it('writes units as the app does', () => {
    expect(displayUnit('m3/d')).toBe('m³/d');
    expect(displayUnit('e3m3/d')).toBe('10³m³/d');
    expect(displayUnit('e6m3/d')).toBe('10⁶m³/d');
    expect(displayUnit('m3/m3')).toBe('m³/m³');
    expect(displayUnit('psi')).toBe('psi');
    expect(fieldHeading('gas_rate', 'metric')).toBe('Gas rate (10³m³/d)');
    expect(fieldHeading('oil_rate', 'imperial')).toBe('Oil rate (bbl/d)');
  });
});
