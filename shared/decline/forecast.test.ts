import { describe, expect, it } from 'vitest';
import { DeclineInputError } from './errors.js';
import { forecastDecline } from './forecast.js';
import { cumulativeAt, rateAt, timeToRate, type DeclineModel } from './model.js';

function relative(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

const model: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 1200,
  di: 2.5,
  b: 1.3,
  dMin: -Math.log(0.94),
};

describe('forecastDecline', () => {
  it('forecasts from the last producing day to the economic limit, EUR = to date + remaining', () => {
    // Day 0 is 2023-03-01; the curve's qi is on day 30; the last producing day is 700.
    const curve = { model, t0: 30, lastProducingDay: 700 };
    const forecast = forecastDecline(curve, {
      referenceDate: '2023-03-01',
      cumulativeToDate: 250_000,
      limitRate: 5,
      maxYears: 500,
    });
    const start = 700 - 30;
    const end = timeToRate(model, 5);
    expect(forecast.startDay).toBe(700);
    expect(forecast.endReason).toBe('economic-limit');
    expect(relative(forecast.daysToLimit, end - start)).toBeLessThan(1e-12);
    expect(relative(forecast.endRate, 5)).toBeLessThan(1e-9);
    expect(relative(forecast.startRate, rateAt(model, start))).toBeLessThan(1e-12);
    const remaining = cumulativeAt(model, end) - cumulativeAt(model, start);
    expect(relative(forecast.remaining, remaining)).toBeLessThan(1e-12);
    expect(forecast.eur).toBe(250_000 + forecast.remaining);
  });

  it('splits the forecast into calendar months whose volumes are exact integrals and sum to the total', () => {
    // Day 0 is 2024-01-01, so day 45.5 is noon on 15 February of a leap year.
    const forecast = forecastDecline(
      { model, t0: 0 },
      { referenceDate: '2024-01-01', cumulativeToDate: 0, startDay: 45.5, endDay: 45.5 + 400 },
    );
    expect(forecast.endReason).toBe('end-date');
    const [first, second, third] = forecast.months;
    expect(first).toMatchObject({ month: '2024-02', days: 60 - 45.5 });
    expect(
      relative(first!.volume, cumulativeAt(model, 60) - cumulativeAt(model, 45.5)),
    ).toBeLessThan(1e-12);
    expect(second).toMatchObject({ month: '2024-03', days: 31 });
    expect(
      relative(second!.volume, cumulativeAt(model, 91) - cumulativeAt(model, 60)),
    ).toBeLessThan(1e-12);
    expect(third).toMatchObject({ month: '2024-04', days: 30 });
    expect(forecast.months.at(-1)).toMatchObject({ month: '2025-03' });
    const days = forecast.months.reduce((sum, m) => sum + m.days, 0);
    const volume = forecast.months.reduce((sum, m) => sum + m.volume, 0);
    expect(days).toBeCloseTo(400, 9);
    expect(relative(volume, forecast.remaining)).toBeLessThan(1e-12);
  });

  it('stops at the maximum duration (50 years by default) when the limit is further away', () => {
    const slow: DeclineModel = { kind: 'harmonic', qi: 1000, di: 0.05 };
    const forecast = forecastDecline(
      { model: slow, t0: 0 },
      { referenceDate: '2000-01-01', cumulativeToDate: 0, startDay: 0 },
    );
    expect(forecast.endReason).toBe('max-duration');
    expect(forecast.endDay).toBe(50 * 365.25);
    expect(forecast.months).toHaveLength(600);
    expect(forecast.daysToLimit).toBeGreaterThan(forecast.endDay);
  });

  it('forecasts nothing when the curve is already below the limit at the start', () => {
    const forecast = forecastDecline(
      { model, t0: 0 },
      { referenceDate: '2020-01-01', cumulativeToDate: 123, startDay: 0, limitRate: 5000 },
    );
    expect(forecast).toMatchObject({
      endReason: 'below-limit-at-start',
      remaining: 0,
      eur: 123,
      daysToLimit: 0,
      months: [],
    });
  });

  it('rejects what cannot be forecast with a DeclineInputError', () => {
    const base = { referenceDate: '2020-01-01', cumulativeToDate: 0 };
    expect(() => forecastDecline({ model: null, t0: 0 }, base)).toThrow(DeclineInputError);
    expect(() => forecastDecline({ model, t0: 10 }, { ...base, startDay: 5 })).toThrow(
      DeclineInputError,
    );
    expect(() => forecastDecline({ model, t0: 0 }, { ...base, limitRate: 0 })).toThrow(
      DeclineInputError,
    );
    expect(() => forecastDecline({ model, t0: 0 }, { ...base, startDay: 10, endDay: 5 })).toThrow(
      DeclineInputError,
    );
    expect(() => forecastDecline({ model, t0: 0 }, { ...base, cumulativeToDate: -1 })).toThrow(
      DeclineInputError,
    );
    expect(() =>
      forecastDecline({ model, t0: 0 }, { ...base, referenceDate: '2020-02-30' }),
    ).toThrow(DeclineInputError);
  });
});
