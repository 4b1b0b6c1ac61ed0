import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exponentialEffective,
  exponentialNominal,
  hyperbolicSecantEffective,
  hyperbolicSecantNominal,
  tangentEffective,
  tangentNominal,
} from './declines.js';
import { DeclineInputError } from './errors.js';

const SEED = 4242;

function relative(actual: number, expected: number): number {
  return expected === 0 ? Math.abs(actual) : Math.abs(actual / expected - 1);
}

describe('decline conversions', () => {
  it('matches the textbook values', () => {
    // Exponential: 10 %/yr effective is −ln(0.9) nominal.
    expect(relative(exponentialNominal(0.1), -Math.log(0.9))).toBeLessThan(1e-15);
    expect(relative(exponentialEffective(0.5), 1 - Math.exp(-0.5))).toBeLessThan(1e-15);
    // Hyperbolic secant: b = 0.5, Di = 2/yr nominal ⇒ De = 1 − (1 + 1)^(−2) = 0.75.
    expect(relative(hyperbolicSecantEffective(2, 0.5), 0.75)).toBeLessThan(1e-15);
    expect(relative(hyperbolicSecantNominal(0.75, 0.5), 2)).toBeLessThan(1e-15);
    // Harmonic: De = D / (1 + D).
    expect(relative(hyperbolicSecantEffective(3, 1), 0.75)).toBeLessThan(1e-15);
    // b = 2: De = 1 − (1 + 2D)^(−1/2); D = 4 ⇒ 1 − 1/3.
    expect(relative(hyperbolicSecantEffective(4, 2), 2 / 3)).toBeLessThan(1e-15);
    // b = 0 is exponential.
    expect(hyperbolicSecantEffective(0.7, 0)).toBe(exponentialEffective(0.7));
    // Tangent effective does not depend on b and is the exponential conversion.
    expect(tangentEffective(0.3)).toBe(exponentialEffective(0.3));
    expect(tangentNominal(0.3)).toBe(exponentialNominal(0.3));
  });

  it('approaches exponential as b → 0 without losing digits', () => {
    expect(relative(hyperbolicSecantEffective(0.4, 1e-12), exponentialEffective(0.4))).toBeLessThan(
      1e-11,
    );
  });

  it(`round-trips nominal ↔ effective to 1e-12 (fast-check seed ${SEED}, 200 runs)`, () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (effective, b) => {
          const nominal = hyperbolicSecantNominal(effective, b);
          expect(relative(hyperbolicSecantEffective(nominal, b), effective)).toBeLessThan(1e-12);
          const back = hyperbolicSecantEffective(nominal, b);
          expect(relative(hyperbolicSecantNominal(back, b), nominal)).toBeLessThan(1e-12);
          expect(
            relative(exponentialEffective(exponentialNominal(effective)), effective),
          ).toBeLessThan(1e-12);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('rejects declines outside their domain with a DeclineInputError', () => {
    expect(() => exponentialNominal(1)).toThrow(DeclineInputError);
    expect(() => exponentialNominal(-0.1)).toThrow(DeclineInputError);
    expect(() => exponentialEffective(Number.NaN)).toThrow(DeclineInputError);
    expect(() => hyperbolicSecantEffective(0.5, -1)).toThrow(DeclineInputError);
  });
});
