import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_RULES, QUANTITIES, fromStored, type Quantity } from '#shared/api/index.js';
import { generateDemo } from '#server/demo/generate.js';
import { displayConverter, roundTo12Digits, toCacheValue } from './cache-units.js';

const QUANTITY_NAMES = Object.keys(QUANTITIES) as Quantity[];

describe('roundTo12Digits', () => {
  it('equals Number(y.toPrecision(12)) for every double tried', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (y) => {
        expect(Object.is(roundTo12Digits(y), Number(y.toPrecision(12)))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    // Values of the magnitudes production data has, and exact ties and powers of ten.
    const hard = [0, -0, 1e-10, 9.999999999995e-11, 0.1, 0.3, 1, 10, 99.99999999995, 1e11 - 1];
    for (let i = 0; i < 200_000; i++)
      hard.push(Math.random() * 10 ** Math.floor(Math.random() * 14 - 3));
    for (let i = 0; i < 2_000; i++) hard.push(Math.round(Math.random() * 1e12) / 1e12 + 5e-13);
    const wrong = hard.filter((y) => roundTo12Digits(y) !== Number(y.toPrecision(12)));
    expect(wrong).toEqual([]);
  });
});

describe('displayConverter', () => {
  it('gives exactly what fromStored gives, in both unit systems', () => {
    for (const quantity of QUANTITY_NAMES) {
      for (const system of ['imperial', 'metric'] as const) {
        const convert = displayConverter(quantity, system);
        const wrong: number[] = [];
        for (let i = 0; i < 5_000; i++) {
          const stored = Math.round(Math.random() * 1e6) / 10 ** Math.floor(Math.random() * 5);
          if (convert(stored) !== fromStored(quantity, stored, system)) wrong.push(stored);
        }
        expect(wrong, `${quantity} ${system}`).toEqual([]);
      }
    }
  });
});

describe('toCacheValue', () => {
  it('recovers the stored imperial value behind every metric value of the demo dataset', () => {
    const [, , montney] = generateDemo({ today: '2025-06-30', wellCounts: [0, 0, 3] });
    let checked = 0;
    const wrong: string[] = [];
    for (const well of montney?.wells ?? []) {
      for (const record of well.records()) {
        for (const field of Object.keys(FIELD_RULES) as Array<keyof typeof FIELD_RULES>) {
          const stored = record[field];
          if (stored === null) continue;
          const quantity = FIELD_RULES[field].quantity;
          const wire = fromStored(quantity, stored, 'metric');
          if (toCacheValue(quantity, wire, 'metric') !== stored) wrong.push(`${field} ${stored}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('always shows again as the very value that came over the wire', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUANTITY_NAMES),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (quantity, raw) => {
          const wire = fromStored(quantity, raw, 'metric');
          expect(fromStored(quantity, toCacheValue(quantity, wire, 'metric'), 'metric')).toBe(wire);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('keeps the exact quotient for values typed in metric (what the server stored)', () => {
    expect(toCacheValue('liquidRate', 10, 'metric')).toBe(10 / QUANTITIES.liquidRate.factor);
    expect(toCacheValue('pressure', 4554.9, 'imperial')).toBe(4554.9);
  });
});
