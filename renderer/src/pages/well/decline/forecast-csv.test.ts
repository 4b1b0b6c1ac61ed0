import { describe, expect, it } from 'vitest';
import { cumulativeAt, exponentialNominal, type DeclineModel } from '#shared/decline/index.js';
import { epochDay } from '#shared/production/index.js';
import { forecastCsvFile, forecastCsvRows } from './forecast-csv.js';
import { previewForecast } from './forecast-preview.js';

const model: DeclineModel = {
  kind: 'modified-hyperbolic',
  qi: 500,
  di: 1.1,
  b: 1.2,
  dMin: exponentialNominal(0.06),
};
const fit = {
  stream: 'oil' as const,
  frequency: 'daily' as const,
  window: { from: '2022-01-01', to: '2024-06-30' },
  anchorDate: '2022-01-01',
  goodness: { rmseLog: 0.08, r2Log: 0.97 },
  origin: 'fitted' as const,
  pointsUsed: 900,
  forecast: {
    startDate: '2024-07-01',
    endDate: '2060-01-01',
    endReason: 'economic-limit' as const,
    cumulativeToDate: 150_000,
    eur: 0,
    remaining: 0,
    daysToLimit: 0,
    months: [],
  },
};
const settings = { economicLimit: { oil: 5, gas: 20, water: 1 }, endDate: null, maxYears: 50 };

describe('the forecast of the parameters on screen', () => {
  it('starts the day after the last producing day from the cumulative to date', () => {
    const preview = previewForecast(fit, model, settings)!;
    const t0 = epochDay('2022-01-01');
    expect(preview.startDay).toBe(epochDay('2024-07-01'));
    expect(preview.endReason).toBe('economic-limit');
    const remaining =
      cumulativeAt(model, preview.endDay - t0) - cumulativeAt(model, preview.startDay - t0);
    expect(preview.remaining).toBeCloseTo(remaining, 6);
    expect(preview.eur).toBeCloseTo(150_000 + remaining, 6);
    // A higher b is a slower decline: more to come.
    const flatter = previewForecast(fit, { ...model, b: 1.6 }, settings)!;
    expect(flatter.eur).toBeGreaterThan(preview.eur);
  });

  it('stops at the project’s end date', () => {
    const preview = previewForecast(fit, model, { ...settings, endDate: '2030-12-31' })!;
    expect(preview.endReason).toBe('end-date');
    expect(preview.months.at(-1)?.month).toBe('2030-12');
  });

  it('has nothing to show without the saved fit’s forecast', () => {
    expect(previewForecast({ ...fit, forecast: null }, model, settings)).toBeNull();
  });
});

describe('Forecast CSV', () => {
  const preview = previewForecast(fit, model, { ...settings, endDate: '2024-09-15' })!;
  const rows = forecastCsvRows({
    wellName: '=HYPERLINK("x") 7H',
    unitSystem: 'metric',
    fit,
    model,
    forecast: preview,
    economicLimit: 5,
    maxYears: 50,
  });

  it('lists the parameters first, with units in their names', () => {
    const named = Object.fromEntries(rows.filter((row) => row.length === 2));
    expect(named['qi (m³/d)']).toBe('500');
    expect(named['Di nominal (%/yr)']).toBe('110.00000000000001');
    expect(Number(named['Dmin secant effective (%/yr)'])).toBeCloseTo(6, 10);
    // Every decline value says its convention: 1 − e^(−1.1) tangent, the first year's secant.
    expect(Number(named['Di tangent effective (%/yr)'])).toBeCloseTo(-Math.expm1(-1.1) * 100, 10);
    expect(named['Di secant effective (%/yr)']).toBeDefined();
    expect(Object.keys(named).filter((name) => /^Di effective/.test(name))).toEqual([]);
    expect(named['b']).toBe('1.2');
    expect(named['Np to date (m³)']).toBe('150000');
    expect(Number(named['EUR (m³)'])).toBeCloseTo(preview.eur, 3);
    expect(named['Forecast from']).toBe('2024-07-01');
    expect(named['Forecast to']).toBe('2024-09-15');
    expect(named['Forecast ends at']).toBe('end date');
    expect(named['EUR basis']).toBe(
      "Produced to date + forecast to the project's end date, 2024-09-15",
    );
  });

  it('then the months: days, volume, average rate and cumulative, units in the headers', () => {
    const header = rows.findIndex((row) => row[0] === 'Month');
    expect(rows[header - 1]).toEqual([]);
    expect(rows[header]).toEqual([
      'Month',
      'Days',
      'Oil volume (m³)',
      'Oil average rate (m³/d)',
      'Cumulative oil (m³)',
    ]);
    const months = rows.slice(header + 1);
    expect(months.map((row) => row[0])).toEqual(['2024-07', '2024-08', '2024-09']);
    // The end date is included: 1 to 15 September.
    expect(months.map((row) => row[1])).toEqual(['31', '31', '15']);
    const total = months.reduce((sum, row) => sum + Number(row[2]), 0);
    expect(total).toBeCloseTo(preview.remaining, 2);
    expect(Number(months.at(-1)?.[4])).toBeCloseTo(preview.eur, 2);
  });

  it('is written by the app’s CSV writer: BOM, CRLF, formulas neutralised', () => {
    const text = forecastCsvFile({
      wellName: '=HYPERLINK("x") 7H',
      unitSystem: 'metric',
      fit,
      model,
      forecast: preview,
      economicLimit: 5,
      maxYears: 50,
    });
    expect(text.startsWith('\uFEFFWell,"\'=HYPERLINK(""x"") 7H"\r\n')).toBe(true);
  });
});
