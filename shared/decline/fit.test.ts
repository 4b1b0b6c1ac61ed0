import { describe, expect, it } from 'vitest';
import { DeclineInputError } from './errors.js';
import { fitDecline } from './fit.js';
import { exponentOf, rateAt, type DeclineModel } from './model.js';
import { exactDaily } from './testing/synthetic.js';
import type { DeclinePoint } from './window.js';

const D_MIN = -Math.log(0.94);

function relative(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

/** Month-start rates of `model` over `months` months (30.4375-day steps). */
function exactMonthly(model: DeclineModel, months: number): DeclinePoint[] {
  return Array.from({ length: months }, (_, i) => {
    const t = i * 30.4375;
    return { t, rate: rateAt(model, t) };
  });
}

const truths: DeclineModel[] = [
  { kind: 'exponential', qi: 650, di: 0.4 },
  { kind: 'harmonic', qi: 420, di: 1.1 },
  { kind: 'hyperbolic', qi: 900, di: 1.8, b: 0.6 },
  { kind: 'hyperbolic', qi: 1800, di: 3.5, b: 1.5 },
  { kind: 'modified-hyperbolic', qi: 1500, di: 4, b: 1.3, dMin: D_MIN },
  { kind: 'modified-hyperbolic', qi: 300, di: 1.2, b: 0.9, dMin: D_MIN },
];

describe('fitDecline on exact synthetic curves', () => {
  for (const truth of truths) {
    it(`recovers qi, Di and b within 0.5 % for ${JSON.stringify(truth)} (daily and monthly)`, () => {
      for (const series of [exactDaily(truth, 3 * 365), exactMonthly(truth, 60)]) {
        const fit = fitDecline(series, { model: truth.kind });
        expect(fit.poor).toBe(false);
        expect(fit.t0).toBe(0);
        const model = fit.model as DeclineModel;
        expect(relative(model.qi, truth.qi)).toBeLessThan(0.005);
        expect(relative(model.di, truth.di)).toBeLessThan(0.005);
        if (truth.kind === 'hyperbolic' || truth.kind === 'modified-hyperbolic') {
          expect(relative(exponentOf(model), exponentOf(truth))).toBeLessThan(0.005);
        }
        expect(fit.goodness!.rmseLog).toBeLessThan(1e-6);
        expect(fit.goodness!.r2Log).toBeGreaterThan(0.999999);
        expect(fit.excluded).toEqual([]);
        expect(fit.used).toHaveLength(series.length);
      }
    });
  }
});

describe('fitDecline data handling', () => {
  const truth: DeclineModel = { kind: 'hyperbolic', qi: 1000, di: 2, b: 0.8 };

  it('starts the default window at the peak after the ramp-up and ends it at the last producing point', () => {
    // Ten days of ramp-up before the peak on day 10, then the decline; trailing shut-in days.
    const series: DeclinePoint[] = [];
    for (let t = 0; t < 10; t++) series.push({ t, rate: 100 + 80 * t });
    for (let t = 10; t < 700; t++) series.push({ t, rate: rateAt(truth, t - 10) });
    for (let t = 700; t < 720; t++) series.push({ t, rate: 0 });
    const fit = fitDecline(series, { model: 'hyperbolic' });
    expect(fit.window).toEqual({ from: 10, to: 699 });
    expect(fit.t0).toBe(10);
    expect(fit.lastProducingDay).toBe(699);
    expect(relative(fit.model!.qi, 1000)).toBeLessThan(1e-3);
  });

  it('excludes shut-in, missing and negative rates as not producing, and reports them', () => {
    const series = exactDaily(truth, 400);
    series[50]!.rate = 0;
    series[51]!.rate = null;
    series[52]!.rate = -5;
    series[53]!.rate = Number.NaN;
    const fit = fitDecline(series, { model: 'hyperbolic' });
    expect(fit.excluded.map((e) => [e.index, e.reason])).toEqual([
      [50, 'not-producing'],
      [51, 'not-producing'],
      [52, 'not-producing'],
      [53, 'not-producing'],
    ]);
    expect(fit.used).toHaveLength(396);
    expect(relative(exponentOf(fit.model!), 0.8)).toBeLessThan(1e-3);
  });

  it('excludes spikes as outliers and still recovers the curve', () => {
    const series = exactDaily(truth, 600);
    for (const [index, factor] of [
      [40, 8],
      [41, 6],
      [200, 0.1],
      [350, 5],
      [500, 12],
    ] as const) {
      series[index]!.rate! *= factor;
    }
    const fit = fitDecline(series, { model: 'hyperbolic' });
    expect(fit.excluded.filter((e) => e.reason === 'outlier').map((e) => e.index)).toEqual([
      40, 41, 200, 350, 500,
    ]);
    expect(relative(fit.model!.qi, 1000)).toBeLessThan(1e-3);
    expect(relative(fit.model!.di, 2)).toBeLessThan(1e-3);
    expect(fit.poor).toBe(false);
  });

  it('fits an explicit window and ignores the points outside it', () => {
    const series = exactDaily(truth, 800);
    series[10]!.rate = 1e6; // outside the window: neither used nor listed
    const fit = fitDecline(series, { model: 'hyperbolic', from: 100, to: 500 });
    expect(fit.window).toEqual({ from: 100, to: 500 });
    expect(fit.used).toHaveLength(401);
    expect(fit.excluded).toEqual([]);
    expect(relative(fit.model!.qi, rateAt(truth, 100))).toBeLessThan(1e-3);
  });

  it('accepts points in any order and reports indices into the caller’s array', () => {
    const series = exactDaily(truth, 200).reverse();
    series[0]!.rate = 0; // day 199
    const fit = fitDecline(series, { model: 'hyperbolic' });
    expect(fit.window).toEqual({ from: 0, to: 198 });
    expect(fit.used[0]).toBe(199);
    expect(fit.lastProducingDay).toBe(198);
  });

  it('fits the modified hyperbolic with the terminal decline given as an effective rate', () => {
    const dMinEffective = 0.1;
    const model: DeclineModel = {
      kind: 'modified-hyperbolic',
      qi: 800,
      di: 2.5,
      b: 1.2,
      dMin: -Math.log(1 - dMinEffective),
    };
    const fit = fitDecline(exactDaily(model, 3000), {
      model: 'modified-hyperbolic',
      dMinEffective,
    });
    expect(fit.model).toMatchObject({ kind: 'modified-hyperbolic' });
    const fitted = fit.model as Extract<DeclineModel, { kind: 'modified-hyperbolic' }>;
    expect(relative(fitted.dMin, model.dMin)).toBeLessThan(1e-12);
    expect(relative(fitted.b, 1.2)).toBeLessThan(0.005);
  });
});

describe('fitDecline on bad input', () => {
  const series = exactDaily({ kind: 'exponential', qi: 100, di: 0.5 }, 100);

  it('throws a DeclineInputError for a window that starts after it ends', () => {
    expect(() => fitDecline(series, { model: 'exponential', from: 50, to: 10 })).toThrow(
      DeclineInputError,
    );
  });

  it('throws a DeclineInputError for a time that is not a number, or b bounds out of [0, 2]', () => {
    expect(() => fitDecline([{ t: Number.NaN, rate: 1 }], { model: 'exponential' })).toThrow(
      DeclineInputError,
    );
    expect(() => fitDecline(series, { model: 'hyperbolic', bMax: 3 })).toThrow(DeclineInputError);
  });

  it('comes back poor, naming the reason, with no production, an empty window or too few points', () => {
    const none = fitDecline(
      [
        { t: 0, rate: 0 },
        { t: 1, rate: null },
      ],
      { model: 'exponential' },
    );
    expect(none).toMatchObject({ poor: true, model: null, goodness: null });
    expect(none.reasons.map((r) => r.code)).toEqual(['no-production']);

    const empty = fitDecline([], { model: 'hyperbolic' });
    expect(empty.reasons.map((r) => r.code)).toEqual(['no-production']);

    const window = fitDecline(series, { model: 'exponential', from: 200, to: 300 });
    expect(window).toMatchObject({ poor: true, model: null });
    expect(window.reasons[0]!.message).toContain('0 producing points');

    const few = fitDecline(series.slice(0, 4), { model: 'hyperbolic' });
    expect(few.reasons.map((r) => r.code)).toEqual(['too-few-points']);
  });

  it('flags a poor fit when the scatter is too large, with finite numbers throughout', () => {
    const scattered = series.map(({ t }, i) => ({
      t,
      rate: 100 * Math.exp(0.6 * Math.sin(i * 1.7)),
    }));
    const fit = fitDecline(scattered, { model: 'hyperbolic' });
    expect(fit.poor).toBe(true);
    expect(fit.reasons.map((r) => r.code)).toContain('high-rmse');
    expect(Number.isFinite(fit.goodness!.rmseLog)).toBe(true);
    expect(Number.isFinite(fit.goodness!.r2Log)).toBe(true);
    for (const value of Object.values(fit.model!)) {
      if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    }
  });

  it('flags rates that rise rather than decline', () => {
    const rising = Array.from({ length: 50 }, (_, t) => ({ t, rate: 100 + t }));
    const fit = fitDecline(rising, { model: 'exponential', from: 0 });
    expect(fit.reasons.map((r) => r.code)).toContain('not-declining');
  });

  it('names rising or flat history in the default window "not declining", not "too few points"', () => {
    // The peak of rising rates is their last point: the default window would hold one.
    const rising = Array.from({ length: 24 }, (_, t) => ({ t: 30 * t, rate: 100 + 5 * t }));
    const up = fitDecline(rising, { model: 'hyperbolic' });
    expect(up).toMatchObject({ poor: true, model: null });
    expect(up.reasons.map((r) => r.code)).toEqual(['not-declining']);
    expect(up.reasons[0]!.message).toBe(
      'The rates rise or stay flat: 24 producing points show no decline to fit.',
    );
    // Flat rates with noise peak wherever the noise puts them; here near the end.
    const flat = Array.from({ length: 24 }, (_, t) => ({
      t: 30 * t,
      rate: t === 21 ? 112 : 100 * (1 + 0.05 * Math.sin(t * 2.3)),
    }));
    const level = fitDecline(flat, { model: 'exponential' });
    expect(level.reasons.map((r) => r.code)).toEqual(['not-declining']);
    // A declining history that is simply short still has too few points.
    const declining = rising.slice(0, 4).map(({ t }, i) => ({ t, rate: 200 - 10 * i }));
    const short = fitDecline(declining, { model: 'hyperbolic' });
    expect(short.reasons.map((r) => r.code)).toEqual(['too-few-points']);
  });
});
