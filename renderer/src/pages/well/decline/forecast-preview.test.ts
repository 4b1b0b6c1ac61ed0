import { describe, expect, it } from 'vitest';
import { exponentialNominal, type DeclineModel } from '#shared/decline/index.js';
import { forecastOf } from '#core/decline/fit-forecast.js';
import { epochDay } from '#shared/production/index.js';
import { lastForecastDay, previewForecast } from './forecast-preview.js';

/**
 * The panel's EUR (and the report and CSV made from it) is computed here as the person
 * edits; the wells table shows the EUR the core saved with the fit. With the parameters
 * unchanged the two must be the same number, end date or not.
 */
const model: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 640,
  di: 1.4,
  b: 1.1,
  dMin: exponentialNominal(0.06),
};
const stored = {
  kind: model.kind,
  qi: model.qi,
  di: model.di,
  b: model.b,
  dMin: model.dMin,
  anchorDate: '2022-03-01',
  lastProducingDate: '2024-06-30',
  cumulativeToDate: 210_000,
};

function both(endDate: string | null, { oilLimit = 25, maxYears = 50 } = {}) {
  const settings = { model: model.kind, dMinEffectivePercent: 6, endDate, maxYears };
  const saved = forecastOf(stored, 'oil', {
    ...settings,
    limits: { oil: oilLimit, gas: 20, water: 2 },
  })!;
  const preview = previewForecast(
    { stream: 'oil', anchorDate: stored.anchorDate, forecast: saved },
    model,
    {
      economicLimit: { oil: oilLimit, gas: 20, water: 2 },
      endDate,
      maxYears,
    },
  )!;
  return { saved, preview };
}

describe('the panel’s forecast and the saved one', () => {
  it('agree exactly with an end date, which both count as the last day forecast', () => {
    const { saved, preview } = both('2030-12-31');
    expect(saved.endReason).toBe('end-date');
    expect(preview.endReason).toBe('end-date');
    expect(preview.eur).toBe(saved.eur);
    expect(preview.remaining).toBe(saved.remaining);
    // The forecast runs through 31 December: 31 days of December, shown as ending that day.
    expect(preview.endDay).toBe(epochDay('2031-01-01'));
    expect(preview.months.at(-1)).toMatchObject({ month: '2030-12', days: 31 });
    expect(lastForecastDay(preview)).toBe(epochDay(saved.endDate));
    expect(saved.endDate).toBe('2030-12-31');
  });

  it('agree exactly without one, to the economic limit', () => {
    const { saved, preview } = both(null);
    expect(preview.endReason).toBe('economic-limit');
    expect(preview.eur).toBe(saved.eur);
    expect(lastForecastDay(preview)).toBe(epochDay(saved.endDate));
  });

  it('agree exactly at the project’s cap, which both stop at', () => {
    // 1 bbl/d is reached only after decades at 6 %/yr: a 30-year cap ends both forecasts.
    const { saved, preview } = both(null, { oilLimit: 1, maxYears: 30 });
    expect(saved.endReason).toBe('max-duration');
    expect(preview.endReason).toBe('max-duration');
    expect(preview.eur).toBe(saved.eur);
    expect(preview.endDay - preview.startDay).toBe(30 * 365.25);
    expect(lastForecastDay(preview)).toBe(epochDay(saved.endDate));
  });
});
