import { describe, expect, it } from 'vitest';
import { fieldDecimals, formatFixed, unitDecimals } from './display-precision.js';
import { PRODUCTION_FIELDS, FIELD_RULES } from './production-fields.js';
import { unitLabel } from './units.js';

describe('display precision', () => {
  it('gives every value of a column the same number of decimals', () => {
    const oil = fieldDecimals('oil_rate', 'imperial');
    expect([9568.586, 8375.8, 12, 0].map((value) => formatFixed(value, oil))).toEqual([
      '9,568.59',
      '8,375.80',
      '12.00',
      '0.00',
    ]);
  });

  it('chooses per field and unit', () => {
    expect(fieldDecimals('gas_rate', 'imperial')).toBe(1);
    expect(fieldDecimals('gas_rate', 'metric')).toBe(3);
    expect(fieldDecimals('bhp', 'imperial')).toBe(1);
    expect(fieldDecimals('bhp', 'metric')).toBe(1);
    expect(fieldDecimals('choke_size', 'imperial')).toBe(0);
    expect(fieldDecimals('runtime', 'metric')).toBe(1);
  });

  it('finds the same decimals from a unit label as from its field', () => {
    for (const field of PRODUCTION_FIELDS) {
      for (const system of ['imperial', 'metric'] as const) {
        const label = unitLabel(FIELD_RULES[field].quantity, system);
        expect(unitDecimals(label), `${field} ${label}`).toBe(fieldDecimals(field, system));
      }
    }
    expect(unitDecimals('bbl')).toBe(0);
    expect(unitDecimals('10³m³')).toBe(1);
    expect(unitDecimals('bbl/d per 1,000 ft')).toBeUndefined();
  });

  it('never shows a sign on a value that rounds to zero', () => {
    expect(formatFixed(-0.004, 2)).toBe('0.00');
    expect(formatFixed(-0.4, 0)).toBe('0');
    expect(formatFixed(-1.5, 1)).toBe('-1.5');
  });
});
