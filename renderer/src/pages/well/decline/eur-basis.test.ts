import { describe, expect, it } from 'vitest';
import { forecastDecline } from '#shared/decline/index.js';
import { eurBasis, limitText } from './eur-basis.js';

/** An EUR always says what it counts and why its forecast ends where it does. */

const forecast = (options: { limitRate: number; endDay?: number; maxYears?: number }) =>
  forecastDecline(
    { model: { kind: 'hyperbolic', qi: 100, di: 0.5, b: 1.4 }, t0: 0 },
    { referenceDate: '2020-01-01', cumulativeToDate: 1000, startDay: 0, ...options },
  );

describe('the basis stated beside an EUR', () => {
  it('names the economic limit the forecast reached', () => {
    const ended = forecast({ limitRate: 20 });
    expect(ended.endReason).toBe('economic-limit');
    expect(
      eurBasis({
        forecast: ended,
        limit: limitText(20, 'bbl/d'),
        lastDay: '2031-05-02',
        maxYears: 50,
      }),
    ).toBe('Produced to date + forecast to the economic limit (20 bbl/d) on 2031-05-02');
  });

  it('names the cap, and when the limit would have been reached, when the cap ends it', () => {
    // b 1.4 declines so slowly that 0.5 bbl/d is reached only after the 50-year cap.
    const capped = forecast({ limitRate: 0.5 });
    expect(capped.endReason).toBe('max-duration');
    const years = (capped.daysToLimit / 365.25).toFixed(1);
    expect(Number(years)).toBeGreaterThan(50);
    const limit = limitText(0.5, 'bbl/d');
    expect(eurBasis({ forecast: capped, limit, lastDay: '2069-12-31', maxYears: 50 })).toBe(
      `Produced to date + forecast to the 50-year cap, 2069-12-31: the economic limit (0.5 bbl/d) would be reached after ${years} years`,
    );
    // The project's own cap, whole or not, is the one named.
    const shorter = forecast({ limitRate: 0.5, maxYears: 12.5 });
    expect(eurBasis({ forecast: shorter, limit, lastDay: '2032-07-01', maxYears: 12.5 })).toBe(
      `Produced to date + forecast to the 12.5-year cap, 2032-07-01: the economic limit (0.5 bbl/d) would be reached after ${years} years`,
    );
  });

  it('names the end date, and says so when nothing is left above the limit', () => {
    const dated = forecast({ limitRate: 2, endDay: 365 });
    expect(dated.endReason).toBe('end-date');
    expect(
      eurBasis({ forecast: dated, limit: '2 bbl/d', lastDay: '2020-12-30', maxYears: 50 }),
    ).toBe("Produced to date + forecast to the project's end date, 2020-12-30");
    const below = forecast({ limitRate: 150 });
    expect(below.endReason).toBe('below-limit-at-start');
    expect(
      eurBasis({ forecast: below, limit: '150 bbl/d', lastDay: '2020-01-01', maxYears: 50 }),
    ).toBe('Produced to date only: the rate is already below the economic limit (150 bbl/d)');
  });

  it('writes the limit as engineers read it', () => {
    expect(limitText(20, 'Mscf/d')).toBe('20 Mscf/d');
    expect(limitText(1500.25, 'm³/d')).toBe('1,500.25 m³/d');
  });
});
