import { exponentOf } from '#shared/decline/index.js';
import type { DeclineSettings, SavedDeclineFit } from '#shared/desktop/index.js';
import type { UnitSystem } from '#shared/api/index.js';
import { epochDay } from '#shared/production/index.js';
import type { ChartSpec } from '../../pages/well/chart-specs.js';
import { isoDay } from '../../pages/well/date-range.js';
import type { DeclineOverlay } from '../../pages/well/decline/chart-overlay.js';
import { extendedWindow, outlierPoints } from '../../pages/well/decline/curve-points.js';
import { MODEL_LABEL } from '../../pages/well/decline/model-label.js';
import { eurBasis, limitText } from '../../pages/well/decline/eur-basis.js';
import {
  lastForecastDay,
  previewForecast,
  type ForecastPreview,
} from '../../pages/well/decline/forecast-preview.js';
import {
  fieldValue,
  formatField,
  type ParameterField,
} from '../../pages/well/decline/parameters.js';
import {
  CUMULATIVE_SYMBOL,
  STREAM_AXIS,
  STREAM_COLOUR,
  STREAM_FIELD,
  STREAM_LABEL,
  streamUnits,
} from '../../pages/well/decline/stream-units.js';
import { DAY_MS } from '../../pages/well/series.js';
import type { Band } from '../../pages/well/pending.js';
import { TimeChart } from '../../pages/well/TimeChart.js';
import type { DayWindow } from '../../pages/well/zoom.js';

const NO_ZOOM = () => undefined;
/** The report shows five years of forecast beside the range, as the well page does by default. */
const REPORT_HORIZON_DAYS = 1826;
const volume = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * One report sheet per saved decline fit: the rates chart with the curve and its
 * forecast, the parameters, and the EUR table (cumulative to date, remaining, EUR, and
 * the forecast's volumes year by year).
 */
export function DeclineSheet(props: {
  fit: SavedDeclineFit;
  settings: DeclineSettings;
  rates: ChartSpec;
  range: DayWindow;
  bands: readonly Band[];
  unitSystem: UnitSystem;
}) {
  const { fit, settings, rates } = props;
  const preview = previewForecast(fit, fit.model, settings);
  const units = streamUnits(fit.stream, props.unitSystem);
  const t0 = epochDay(fit.anchorDate);
  const fitWindow = { from: epochDay(fit.window.from), to: epochDay(fit.window.to) };
  const values = rates.series.find((series) => series.key === STREAM_FIELD[fit.stream])?.values;
  const overlay: DeclineOverlay = {
    model: fit.model,
    t0,
    forecast: preview ? { from: preview.startDay, to: preview.endDay } : null,
    historyEnd: fitWindow.to,
    fitWindow,
    outliers:
      values && (rates.rows.monthly ? 'monthly' : 'daily') === fit.frequency
        ? outlierPoints(fit.model, t0, fitWindow, { x: rates.rows.x, values })
        : [],
    colour: STREAM_COLOUR[fit.stream],
    axis: STREAM_AXIS[fit.stream],
    stream: STREAM_LABEL[fit.stream],
    rateUnit: units.rate,
  };
  const timeWindow = extendedWindow(
    props.range,
    preview ? { startDay: preview.startDay, endDay: preview.endDay } : null,
    REPORT_HORIZON_DAYS,
  );
  const model = fit.model;
  const parameters: Array<[string, string]> = [
    [
      'Model',
      `${MODEL_LABEL[model.kind]} (${fit.origin === 'edited' ? 'edited' : 'fitted'}, ${fit.frequency})`,
    ],
    ['Fit window', `${fit.window.from} – ${fit.window.to}`],
    [`qi (${units.rate}) on ${fit.anchorDate}`, formatField('qi', model.qi)],
    [
      'Di nominal / secant effective / tangent effective (%/yr)',
      (['diNominal', 'diEffective', 'diTangent'] as ParameterField[])
        .map((field) => formatField(field, fieldValue(model, field)))
        .join(' / '),
    ],
    ['b', formatField('b', exponentOf(model))],
    ...(model.kind === 'modified-hyperbolic'
      ? [
          ['Dmin secant effective (%/yr)', formatField('dMin', fieldValue(model, 'dMin'))] as [
            string,
            string,
          ],
        ]
      : []),
    [
      'RMSE / R² of ln(rate)',
      fit.goodness ? `${fit.goodness.rmseLog.toFixed(3)} / ${fit.goodness.r2Log.toFixed(3)}` : '—',
    ],
    ['Points used / left out', `${fit.pointsUsed} / ${fit.pointsExcluded}`],
    ['Economic limit', `${settings.economicLimit[fit.stream]} ${units.rate}`],
  ];
  const flags = [
    ...(fit.poor ? [`Poor fit: ${fit.reasons.map((reason) => reason.message).join('; ')}`] : []),
    ...(fit.stale ? ['Stale: the production changed after this fit.'] : []),
  ];
  return (
    <section className="report-sheet" data-testid={`report-decline-${fit.stream}`}>
      <h2>Decline analysis: {STREAM_LABEL[fit.stream].toLowerCase()}</h2>
      <div className="report-charts">
        <TimeChart
          spec={{
            ...rates,
            title: `Rates with the ${STREAM_LABEL[fit.stream].toLowerCase()} decline`,
          }}
          timeWindow={timeWindow}
          bands={props.bands}
          syncId={`report-decline-${fit.stream}`}
          onZoom={NO_ZOOM}
          onResetZoom={NO_ZOOM}
          overlay={overlay}
        />
      </div>
      {flags.map((flag) => (
        <p key={flag} className="report-flag">
          {flag}
        </p>
      ))}
      <div className="report-decline-tables">
        <table className="report-fields" data-testid={`report-decline-parameters-${fit.stream}`}>
          <tbody>
            {parameters.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {preview ? (
          <EurTable
            preview={preview}
            symbol={CUMULATIVE_SYMBOL[fit.stream]}
            unit={units.volume}
            stream={fit.stream}
            limit={limitText(settings.economicLimit[fit.stream], units.rate)}
            maxYears={settings.maxYears}
          />
        ) : (
          <p>No forecast: the cumulative to date is not on this computer.</p>
        )}
      </div>
    </section>
  );
}

function EurTable(props: {
  preview: ForecastPreview;
  symbol: string;
  unit: string;
  stream: string;
  /** The economic limit with its unit, named in the EUR's basis. */
  limit: string;
  /** The project's forecast cap in years, named in a capped EUR's basis. */
  maxYears: number;
}) {
  const { preview } = props;
  const lastDay = isoDay(lastForecastDay(preview) * DAY_MS);
  const years = new Map<string, number>();
  for (const month of preview.months) {
    const year = month.month.slice(0, 4);
    years.set(year, (years.get(year) ?? 0) + month.volume);
  }
  return (
    <table className="report-table" data-testid={`report-decline-eur-${props.stream}`}>
      <tbody>
        <tr>
          <th scope="row">
            {props.symbol} to {isoDay(Math.floor(preview.startDay - 1) * DAY_MS)}
          </th>
          <td>
            {volume(preview.cumulativeToDate)} {props.unit}
          </td>
        </tr>
        <tr>
          <th scope="row">Remaining to {lastDay}</th>
          <td>
            {volume(preview.remaining)} {props.unit}
          </td>
        </tr>
        <tr className="report-total">
          <th scope="row">EUR</th>
          <td>
            {volume(preview.eur)} {props.unit}
          </td>
        </tr>
        <tr>
          <th scope="row">EUR basis</th>
          <td data-testid={`report-decline-eur-basis-${props.stream}`}>
            {eurBasis({ forecast: preview, limit: props.limit, lastDay, maxYears: props.maxYears })}
          </td>
        </tr>
        {[...years].map(([year, total]) => (
          <tr key={year}>
            <th scope="row">Forecast {year}</th>
            <td>
              {volume(total)} {props.unit}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
