import type { UnitSystem } from '#shared/api/index.js';
import { csvText } from '#shared/csv/csv-writer.js';
import { exponentOf, type DeclineModel } from '#shared/decline/index.js';
import type { SavedDeclineFit } from '#shared/desktop/index.js';
import { exportNumber } from '#shared/csv/well-export.js';
import { isoDay } from '../date-range.js';
import { DAY_MS } from '../series.js';
import { eurBasis, limitText } from './eur-basis.js';
import { lastForecastDay, type ForecastPreview } from './forecast-preview.js';
import { fieldValue } from './parameters.js';
import { CUMULATIVE_SYMBOL, STREAM_LABEL, streamUnits } from './stream-units.js';

/**
 * "Forecast CSV": the decline parameters first (one `name,value` row each, units in the
 * names), an empty row, then the forecast month by month with units in the headers. Written
 * with the app's one CSV writer (shared/csv: RFC 4180, formula-neutralised text cells).
 */
export interface ForecastCsvInput {
  wellName: string;
  unitSystem: UnitSystem;
  fit: Pick<
    SavedDeclineFit,
    'stream' | 'frequency' | 'window' | 'anchorDate' | 'goodness' | 'origin' | 'pointsUsed'
  >;
  /** The parameters on screen (edited or fitted). */
  model: DeclineModel;
  forecast: ForecastPreview;
  economicLimit: number;
  /** The project's forecast cap in years, named where the forecast stopped at it. */
  maxYears: number;
}

function endReason(reason: ForecastPreview['endReason'], maxYears: number): string {
  switch (reason) {
    case 'economic-limit':
      return 'economic limit';
    case 'end-date':
      return 'end date';
    case 'max-duration':
      return `${maxYears} years (the cap)`;
    case 'below-limit-at-start':
      return 'below the economic limit at the start';
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function forecastCsvRows(input: ForecastCsvInput): string[][] {
  const { fit, model, forecast } = input;
  const units = streamUnits(fit.stream, input.unitSystem);
  const stream = STREAM_LABEL[fit.stream];
  const day = (epochDay: number) => isoDay(Math.floor(epochDay) * DAY_MS);
  const parameters: Array<[string, string]> = [
    ['Well', input.wellName],
    ['Stream', stream],
    ['Model', model.kind],
    ['Parameters', fit.origin === 'edited' ? 'edited' : 'fitted'],
    ['Frequency', fit.frequency],
    ['Fit window from', fit.window.from],
    ['Fit window to', fit.window.to],
    ['qi date', fit.anchorDate],
    [`qi (${units.rate})`, exportNumber(model.qi)],
    ['Di nominal (%/yr)', exportNumber(fieldValue(model, 'diNominal'))],
    ['Di secant effective (%/yr)', exportNumber(fieldValue(model, 'diEffective'))],
    ['Di tangent effective (%/yr)', exportNumber(fieldValue(model, 'diTangent'))],
    ['b', exportNumber(exponentOf(model))],
    [
      'Dmin secant effective (%/yr)',
      model.kind === 'modified-hyperbolic' ? exportNumber(fieldValue(model, 'dMin')) : '',
    ],
    [`Economic limit (${units.rate})`, exportNumber(input.economicLimit)],
    ['RMSE ln(rate)', exportNumber(fit.goodness?.rmseLog)],
    ['R² ln(rate)', exportNumber(fit.goodness?.r2Log)],
    ['Points used', String(fit.pointsUsed)],
    [
      `${CUMULATIVE_SYMBOL[fit.stream]} to date (${units.volume})`,
      exportNumber(round(forecast.cumulativeToDate, 3)),
    ],
    [`Remaining (${units.volume})`, exportNumber(round(forecast.remaining, 3))],
    [`EUR (${units.volume})`, exportNumber(round(forecast.eur, 3))],
    ['Forecast from', day(forecast.startDay)],
    ['Forecast to', day(lastForecastDay(forecast))],
    ['Forecast ends at', endReason(forecast.endReason, input.maxYears)],
    [
      'EUR basis',
      eurBasis({
        forecast,
        limit: limitText(input.economicLimit, units.rate),
        lastDay: day(lastForecastDay(forecast)),
        maxYears: input.maxYears,
      }),
    ],
  ];
  const header = [
    'Month',
    'Days',
    `${stream} volume (${units.volume})`,
    `${stream} average rate (${units.rate})`,
    `Cumulative ${stream.toLowerCase()} (${units.volume})`,
  ];
  let cumulative = forecast.cumulativeToDate;
  const months = forecast.months.map((month) => {
    cumulative += month.volume;
    return [
      month.month,
      exportNumber(round(month.days, 4)),
      exportNumber(round(month.volume, 3)),
      exportNumber(month.days > 0 ? round(month.volume / month.days, 3) : null),
      exportNumber(round(cumulative, 3)),
    ];
  });
  return [...parameters.map(([name, value]) => [name, value]), [], header, ...months];
}

/** The file's text: a BOM first, so spreadsheets read `m³` as UTF-8. */
export function forecastCsvFile(input: ForecastCsvInput): string {
  return `\uFEFF${csvText(forecastCsvRows(input))}`;
}
