import { describe, expect, it } from 'vitest';
import { arpsLogDecline, arpsLogDeclineDb, arpsLogDeclineWithDb } from './arps.js';
import { DeclineInputError } from './errors.js';
import { modifiedHyperbolicResiduals } from './modified-hyperbolic.js';
import { forecastDecline } from './forecast.js';
import {
  cumulativeAt,
  declineAt,
  logRateGradient,
  rateAt,
  timeToRate,
  type DeclineModel,
} from './model.js';

/**
 * Hand-worked tables: every expected value comes from the textbook closed form
 * written out independently here (Arps' rate–cumulative relations, in qi and q
 * rather than through the library's log-decline form), and every cumulative is
 * also checked against composite Simpson integration of the rate.
 */

const YEAR = 365.25;
const TOLERANCE = 1e-9;

function relative(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

/** Composite Simpson's rule with n (even) panels. */
function simpson(f: (t: number) => number, a: number, b: number, n = 20_000): number {
  const h = (b - a) / n;
  let sum = f(a) + f(b);
  for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * f(a + i * h);
  return (sum * h) / 3;
}

interface Expected {
  rate: (t: number) => number;
  cumulative: (t: number) => number;
  time: (q: number) => number;
  /** Cumulative when the rate reaches q. */
  cumulativeAtRate: (q: number) => number;
}

function exponential(qi: number, diYear: number): Expected {
  const d = diYear / YEAR;
  return {
    rate: (t) => qi / Math.exp(d * t),
    cumulative: (t) => (qi - qi / Math.exp(d * t)) / d,
    time: (q) => Math.log(qi / q) / d,
    cumulativeAtRate: (q) => (qi - q) / d,
  };
}

function hyperbolic(qi: number, diYear: number, b: number): Expected {
  const d = diYear / YEAR;
  const rate = (t: number) => qi / Math.pow(1 + b * d * t, 1 / b);
  const cumulativeAtRate = (q: number) =>
    (Math.pow(qi, b) / ((1 - b) * d)) * (Math.pow(qi, 1 - b) - Math.pow(q, 1 - b));
  return {
    rate,
    cumulative: (t) => cumulativeAtRate(rate(t)),
    time: (q) => (Math.pow(qi / q, b) - 1) / (b * d),
    cumulativeAtRate,
  };
}

function harmonic(qi: number, diYear: number): Expected {
  const d = diYear / YEAR;
  return {
    rate: (t) => qi / (1 + d * t),
    cumulative: (t) => (qi / d) * Math.log(1 + d * t),
    time: (q) => (qi / q - 1) / d,
    cumulativeAtRate: (q) => (qi / d) * Math.log(qi / q),
  };
}

function modifiedHyperbolic(qi: number, diYear: number, b: number, dMinYear: number): Expected {
  const hyp = hyperbolic(qi, diYear, b);
  const dMin = dMinYear / YEAR;
  // The switch written from D(t) = Di/(1 + b·Di·t) = Dmin.
  const tSwitch = ((diYear / dMinYear - 1) / (b * diYear)) * YEAR;
  const qSwitch = hyp.rate(tSwitch);
  const npSwitch = hyp.cumulativeAtRate(qSwitch);
  return {
    rate: (t) => (t <= tSwitch ? hyp.rate(t) : qSwitch * Math.exp(-dMin * (t - tSwitch))),
    cumulative: (t) =>
      t <= tSwitch
        ? hyp.cumulative(t)
        : npSwitch + (qSwitch - qSwitch * Math.exp(-dMin * (t - tSwitch))) / dMin,
    time: (q) => (q >= qSwitch ? hyp.time(q) : tSwitch + Math.log(qSwitch / q) / dMin),
    cumulativeAtRate: (q) =>
      q >= qSwitch ? hyp.cumulativeAtRate(q) : npSwitch + (qSwitch - q) / dMin,
  };
}

const D_MIN = -Math.log(0.94); // 6 %/yr effective, nominal.

const table: { name: string; model: DeclineModel; expected: Expected }[] = [
  {
    name: 'exponential qi 1000, Di 0.35/yr',
    model: { kind: 'exponential', qi: 1000, di: 0.35 },
    expected: exponential(1000, 0.35),
  },
  {
    name: 'harmonic qi 500, Di 1.2/yr',
    model: { kind: 'harmonic', qi: 500, di: 1.2 },
    expected: harmonic(500, 1.2),
  },
  {
    name: 'hyperbolic qi 800, Di 1.5/yr, b 0.5',
    model: { kind: 'hyperbolic', qi: 800, di: 1.5, b: 0.5 },
    expected: hyperbolic(800, 1.5, 0.5),
  },
  {
    name: 'hyperbolic qi 1200, Di 2.5/yr, b 1.4',
    model: { kind: 'hyperbolic', qi: 1200, di: 2.5, b: 1.4 },
    expected: hyperbolic(1200, 2.5, 1.4),
  },
  {
    name: 'hyperbolic qi 300, Di 4/yr, b 2',
    model: { kind: 'hyperbolic', qi: 300, di: 4, b: 2 },
    expected: hyperbolic(300, 4, 2),
  },
  {
    name: 'modified hyperbolic qi 1500, Di 3/yr, b 1.2, Dmin 6 %/yr effective',
    model: { kind: 'modified-hyperbolic', qi: 1500, di: 3, b: 1.2, dMin: D_MIN },
    expected: modifiedHyperbolic(1500, 3, 1.2, D_MIN),
  },
  {
    name: 'modified hyperbolic qi 900, Di 0.9/yr, b 0.8, Dmin 6 %/yr effective',
    model: { kind: 'modified-hyperbolic', qi: 900, di: 0.9, b: 0.8, dMin: D_MIN },
    expected: modifiedHyperbolic(900, 0.9, 0.8, D_MIN),
  },
];

const TIMES = [0.5, 30, 365.25, 1000, 3652.5, 10_000];

describe('decline models against textbook closed forms (1e-9 relative)', () => {
  for (const { name, model, expected } of table) {
    describe(name, () => {
      it('rate q(t)', () => {
        expect(rateAt(model, 0)).toBe(model.qi);
        for (const t of TIMES)
          expect(relative(rateAt(model, t), expected.rate(t))).toBeLessThan(TOLERANCE);
      });

      it('cumulative Np(t), closed form and Simpson integration of q(t)', () => {
        expect(cumulativeAt(model, 0)).toBe(0);
        for (const t of TIMES) {
          const np = cumulativeAt(model, t);
          expect(relative(np, expected.cumulative(t))).toBeLessThan(TOLERANCE);
          if (t <= 3652.5) {
            const integral =
              model.kind === 'modified-hyperbolic'
                ? integrateAcrossSwitch(model, expected, t)
                : simpson(expected.rate, 0, t);
            expect(relative(np, integral)).toBeLessThan(TOLERANCE);
          }
        }
      });

      it('time to rate t(q)', () => {
        for (const fraction of [0.9, 0.5, 0.1, 0.01]) {
          const q = model.qi * fraction;
          expect(relative(timeToRate(model, q), expected.time(q))).toBeLessThan(TOLERANCE);
          expect(relative(rateAt(model, timeToRate(model, q)), q)).toBeLessThan(TOLERANCE);
        }
        expect(timeToRate(model, model.qi * 2)).toBe(0);
      });

      it('EUR to a 1 unit/day economic limit', () => {
        const forecast = forecastDecline(
          { model, t0: 0 },
          { referenceDate: '2024-01-01', cumulativeToDate: 0, startDay: 0, maxYears: 100_000 },
        );
        expect(forecast.endReason).toBe('economic-limit');
        expect(relative(forecast.eur, expected.cumulativeAtRate(1))).toBeLessThan(TOLERANCE);
        expect(relative(forecast.daysToLimit, expected.time(1))).toBeLessThan(TOLERANCE);
      });
    });
  }
});

/** Simpson on each side of the modified hyperbolic's switch, where q(t) has a kink. */
function integrateAcrossSwitch(model: DeclineModel, expected: Expected, t: number): number {
  if (model.kind !== 'modified-hyperbolic') throw new Error('not modified hyperbolic');
  const tSwitch = ((model.di / model.dMin - 1) / (model.b * model.di)) * YEAR;
  if (t <= tSwitch) return simpson(expected.rate, 0, t);
  return simpson(expected.rate, 0, tSwitch) + simpson(expected.rate, tSwitch, t);
}

describe('decline models at the edges of b', () => {
  it('hyperbolic tends to harmonic as b → 1 and to exponential as b → 0', () => {
    const harmonicModel: DeclineModel = { kind: 'harmonic', qi: 700, di: 0.8 };
    const nearOne: DeclineModel = { kind: 'hyperbolic', qi: 700, di: 0.8, b: 1 - 1e-10 };
    const exponentialModel: DeclineModel = { kind: 'exponential', qi: 700, di: 0.8 };
    const nearZero: DeclineModel = { kind: 'hyperbolic', qi: 700, di: 0.8, b: 1e-12 };
    const denormal: DeclineModel = { kind: 'hyperbolic', qi: 700, di: 0.8, b: 5e-324 };
    for (const t of TIMES) {
      expect(relative(cumulativeAt(nearOne, t), cumulativeAt(harmonicModel, t))).toBeLessThan(1e-8);
      expect(relative(cumulativeAt(nearZero, t), cumulativeAt(exponentialModel, t))).toBeLessThan(
        1e-8,
      );
      expect(relative(cumulativeAt(denormal, t), cumulativeAt(exponentialModel, t))).toBeLessThan(
        1e-12,
      );
      expect(relative(rateAt(denormal, t), rateAt(exponentialModel, t))).toBeLessThan(1e-12);
    }
  });

  it('the modified hyperbolic is continuous at its switch and declines at Dmin after it', () => {
    const model: DeclineModel = {
      kind: 'modified-hyperbolic',
      qi: 1500,
      di: 3,
      b: 1.2,
      dMin: D_MIN,
    };
    const tSwitch = ((3 / D_MIN - 1) / (1.2 * 3)) * YEAR;
    expect(relative(rateAt(model, tSwitch - 1e-6), rateAt(model, tSwitch + 1e-6))).toBeLessThan(
      1e-9,
    );
    expect(relative(declineAt(model, tSwitch * 2), D_MIN)).toBeLessThan(1e-12);
    expect(relative(declineAt(model, 0), 3)).toBeLessThan(1e-12);
  });

  it('a modified hyperbolic starting below Dmin declines exponentially at Dmin', () => {
    const model: DeclineModel = {
      kind: 'modified-hyperbolic',
      qi: 100,
      di: 0.01,
      b: 1,
      dMin: D_MIN,
    };
    const exp = exponential(100, D_MIN);
    for (const t of TIMES)
      expect(relative(cumulativeAt(model, t), exp.cumulative(t))).toBeLessThan(1e-12);
  });

  it('the fit gradient matches central differences, for every kind and either side of the switch', () => {
    const gradient: [number, number, number] = [0, 0, 0];
    const dMin = D_MIN / YEAR;
    const cases = [
      ['hyperbolic', 0.7],
      ['hyperbolic', 1e-4],
      ['hyperbolic', 1.9],
      ['modified-hyperbolic', 1.2],
      ['exponential', 0],
      ['harmonic', 1],
    ] as const;
    for (const [kind, b] of cases) {
      for (const t of [3, 200, 2000, 9000]) {
        const logQi = Math.log(800);
        const logD = Math.log(2 / YEAR);
        const f = (lq: number, ld: number, bb: number) =>
          logRateGradient(kind, lq, Math.exp(ld), bb, dMin, t, [0, 0, 0]);
        logRateGradient(kind, logQi, Math.exp(logD), b, dMin, t, gradient);
        const h = 1e-6;
        const numeric = [
          (f(logQi + h, logD, b) - f(logQi - h, logD, b)) / (2 * h),
          (f(logQi, logD + h, b) - f(logQi, logD - h, b)) / (2 * h),
          kind === 'hyperbolic' || kind === 'modified-hyperbolic'
            ? (f(logQi, logD, b + h) - f(logQi, logD, b - h)) / (2 * h)
            : 0,
        ];
        for (let j = 0; j < 3; j++) {
          expect(Math.abs(gradient[j]! - numeric[j]!)).toBeLessThan(
            1e-6 * Math.max(1, Math.abs(numeric[j]!)),
          );
        }
      }
    }
  });

  it("the fit's shared-logarithm form gives the same L and ∂L/∂b as the separate ones", () => {
    const dLdb = new Float64Array(1);
    // x = b·D·t in the series range of both (< 1e-5), of ∂L/∂b only (< 1e-3), and beyond.
    for (const [b, t] of [
      [1e-6, 3],
      [0.05, 2],
      [0.9, 3],
      [1.5, 4000],
    ] as const) {
      const d = 2 / YEAR;
      const logDecline = arpsLogDeclineWithDb(d, b, t, dLdb);
      expect(Math.abs(logDecline - arpsLogDecline(d, b, t))).toBeLessThanOrEqual(
        1e-15 * logDecline,
      );
      const db = arpsLogDeclineDb(d, b, t);
      expect(Math.abs(dLdb[0]! - db)).toBeLessThanOrEqual(1e-15 * Math.abs(db));
    }
  });

  it("the modified hyperbolic's residuals over many points equal its gradient point by point", () => {
    const dMin = D_MIN / YEAR;
    const times = Float64Array.from([0, 3, 200, 2000, 9000, 30000]);
    const observed = Float64Array.from(times, (t) => 6 - t / 5000);
    const residuals = new Float64Array(times.length);
    const jacobian = new Float64Array(3 * times.length);
    const gradient: [number, number, number] = [0, 0, 0];
    // Either side of the switch (b = 1.2 switches at about 16 years), b = 0, and D below Dmin.
    for (const [d, b] of [
      [2 / YEAR, 1.2],
      [2 / YEAR, 0],
      [dMin / 2, 0.8],
    ] as const) {
      modifiedHyperbolicResiduals(Math.log(800), d, b, dMin, times, observed, residuals, jacobian);
      times.forEach((t, i) => {
        const logQ = logRateGradient('modified-hyperbolic', Math.log(800), d, b, dMin, t, gradient);
        expect(residuals[i]).toBe(observed[i]! - logQ);
        for (let j = 0; j < 3; j++) expect(jacobian[3 * i + j]! + gradient[j]!).toBe(0);
      });
    }
  });

  it('rejects parameters out of their domain with a DeclineInputError', () => {
    expect(() => rateAt({ kind: 'exponential', qi: -1, di: 0.3 }, 10)).toThrow(DeclineInputError);
    expect(() => rateAt({ kind: 'exponential', qi: 10, di: 0 }, 10)).toThrow(DeclineInputError);
    expect(() => rateAt({ kind: 'hyperbolic', qi: 10, di: 0.3, b: 2.5 }, 10)).toThrow(
      DeclineInputError,
    );
    expect(() => rateAt({ kind: 'exponential', qi: 10, di: 0.3 }, -1)).toThrow(DeclineInputError);
    expect(() => timeToRate({ kind: 'exponential', qi: 10, di: 0.3 }, 0)).toThrow(
      DeclineInputError,
    );
    expect(() =>
      cumulativeAt({ kind: 'modified-hyperbolic', qi: 10, di: 0.3, b: 1, dMin: Number.NaN }, 1),
    ).toThrow(DeclineInputError);
  });
});
