import { describe, expect, it } from 'vitest';
import { fieldValueProblem } from './production-fields.js';
import {
  convert,
  convertsFinitely,
  fromStored,
  QUANTITIES,
  toStored,
  UNCONVERTIBLE_MESSAGE,
  unitLabel,
} from './units.js';

describe('units', () => {
  it('uses the decided factors imperial → metric', () => {
    expect(fromStored('liquidRate', 1, 'metric')).toBe(0.158987294928);
    expect(fromStored('gasRate', 1, 'metric')).toBe(0.028316846592);
    expect(fromStored('pressure', 1, 'metric')).toBe(6.89475729317);
    expect(fromStored('choke', 64, 'metric')).toBe(25.4);
    expect(fromStored('length', 1000, 'metric')).toBe(304.8);
    expect(QUANTITIES.gasOilRatio.factor).toBeCloseTo(0.178107606679, 12);
    expect(fromStored('duration', 7.5, 'metric')).toBe(7.5);
    expect(fromStored('percent', 33.3, 'metric')).toBe(33.3);
  });

  it('leaves imperial values untouched', () => {
    expect(fromStored('liquidRate', 123.456789012345, 'imperial')).toBe(123.456789012345);
    expect(toStored('pressure', 0.1, 'imperial')).toBe(0.1);
  });

  it('round-trips metric values exactly as typed', () => {
    for (const quantity of Object.keys(QUANTITIES) as Array<keyof typeof QUANTITIES>) {
      for (const value of [0, 0.1, 1, 2.5, 10, 33.3, 99.99, 1234.5678, 15000, 1e6 + 0.01]) {
        expect(fromStored(quantity, toStored(quantity, value, 'metric'), 'metric')).toBe(value);
      }
    }
  });

  it('converts between systems and labels units', () => {
    expect(convert('liquidRate', 1, 'metric', 'imperial')).toBeCloseTo(6.28981077043, 10);
    expect(convert('pressure', 100, 'imperial', 'imperial')).toBe(100);
    expect(unitLabel('gasRate', 'metric')).toBe('10³m³/d');
    expect(unitLabel('gasOilRatio', 'imperial')).toBe('scf/bbl');
  });

  it('tells which values convert to a finite number in every direction', () => {
    for (const quantity of Object.keys(QUANTITIES) as Array<keyof typeof QUANTITIES>) {
      expect(convertsFinitely(quantity, 1e300)).toBe(true);
      expect(convertsFinitely(quantity, 0)).toBe(true);
      expect(convertsFinitely(quantity, Infinity)).toBe(false);
      expect(convertsFinitely(quantity, NaN)).toBe(false);
    }
    // 1.7e308 m³/d → 1.07e309 bbl/d; 1e308 psi → 6.9e308 kPa.
    expect(convertsFinitely('liquidRate', 1.7e308)).toBe(false);
    expect(convertsFinitely('pressure', 1e308)).toBe(false);
    expect(convertsFinitely('length', 1.7e308)).toBe(false);
    // Factor 1: nothing to overflow.
    expect(convertsFinitely('percent', Number.MAX_VALUE)).toBe(true);
    // Just under the limit for metres → feet, just over it.
    expect(convertsFinitely('length', 5.4e307)).toBe(true);
    expect(convertsFinitely('length', 5.5e307)).toBe(false);
  });

  it('has the shared field rule say so, for the server, the CSV importer and the grid', () => {
    expect(fieldValueProblem('oil_rate', 1.7e308)).toBe(UNCONVERTIBLE_MESSAGE);
    expect(fieldValueProblem('gas_rate', 1e307)).toBe(UNCONVERTIBLE_MESSAGE);
    expect(fieldValueProblem('oil_rate', 1e300)).toBeNull();
  });
});
