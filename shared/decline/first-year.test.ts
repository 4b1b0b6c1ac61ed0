import { describe, expect, it } from 'vitest';
import { exponentialNominal } from './declines.js';
import { DeclineInputError } from './errors.js';
import { diForFirstYearDecline, firstYearDecline, type DeclineModel } from './model.js';

/**
 * Expected first-year declines, 1 − q(1 yr)/qi, written out from the published
 * rate equations rather than through the library: Arps' q = qi·(1 + b·Di·t)^(−1/b)
 * (petbox-dca's Arps and MH classes, aRpsDCA's arps.q), and for the modified
 * hyperbolic aRpsDCA's hyp2exp.q: hyperbolic until the transition time
 * t* = (Di/Dmin − 1)/(b·Di), where q* = qi·(Dmin/Di)^(1/b), then q*·e^(−Dmin·(t − t*)).
 */
function relative(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

const dMin6 = exponentialNominal(0.06);

const cases: { name: string; model: DeclineModel; expected: number }[] = [
  {
    name: 'exponential',
    model: { kind: 'exponential', qi: 100, di: 0.5 },
    expected: 1 - Math.exp(-0.5),
  },
  { name: 'harmonic', model: { kind: 'harmonic', qi: 100, di: 1 }, expected: 0.5 },
  {
    name: 'hyperbolic, b = 0.5, Di = 2',
    model: { kind: 'hyperbolic', qi: 100, di: 2, b: 0.5 },
    expected: 0.75,
  },
  {
    // Di below Dmin: exponential at Dmin from the start, so the year loses Dmin's 6 %.
    name: 'modified hyperbolic with Di < Dmin',
    model: { kind: 'modified-hyperbolic', qi: 100, di: 0.05, b: 1.2, dMin: dMin6 },
    expected: 0.06,
  },
  {
    // t* = (1/0.0619 − 1/2)/1.2 ≈ 13 years: the first year is the hyperbolic's.
    name: 'modified hyperbolic switching after the first year',
    model: { kind: 'modified-hyperbolic', qi: 100, di: 2, b: 0.5, dMin: dMin6 },
    expected: 0.75,
  },
  {
    // Di = 4, b = 1.5, Dmin = 1: t* = (4 − 1)/(1.5·4) = 0.5 yr, q*/qi = 0.25^(2/3).
    name: 'modified hyperbolic switching within the first year',
    model: { kind: 'modified-hyperbolic', qi: 100, di: 4, b: 1.5, dMin: 1 },
    expected: 1 - Math.pow(0.25, 2 / 3) * Math.exp(-0.5),
  },
];

describe('firstYearDecline', () => {
  for (const { name, model, expected } of cases) {
    it(`is 1 − q(1 yr)/qi for the ${name}, and Di comes back from it`, () => {
      expect(relative(firstYearDecline(model), expected)).toBeLessThan(1e-14);
      const di = diForFirstYearDecline(model, expected);
      const back = { ...model, di } as DeclineModel;
      expect(relative(firstYearDecline(back), expected)).toBeLessThan(1e-12);
      // Below Dmin every Di gives the same year; the inverse answers Dmin itself.
      if (model.kind === 'modified-hyperbolic' && model.di < model.dMin) {
        expect(di).toBe(model.dMin);
      } else {
        expect(relative(di, model.di)).toBeLessThan(1e-10);
      }
    });
  }

  it('refuses a first-year decline a modified hyperbolic cannot have', () => {
    const model: DeclineModel = { kind: 'modified-hyperbolic', qi: 100, di: 1, b: 1, dMin: dMin6 };
    expect(() => diForFirstYearDecline(model, 0.05)).toThrow(DeclineInputError);
  });
});
