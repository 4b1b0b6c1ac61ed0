import { useContext } from 'react';
import type { ChartSpec } from './chart-specs.js';
import { formatInUnit, formatRowDate } from './chart-format.js';
import { bandKind } from './pending.js';
import { DAY_MS } from './series.js';
import { nearestRow } from './zoom.js';
import { isoDay } from './date-range.js';
import { forecastRateOn, type DeclineOverlay } from './decline/chart-overlay.js';
import { DaysOnContext } from './days-on.js';

const STATE_NOTE = {
  pending: 'Pending edit, not yet synced',
  problem: 'Sync problem: see Sync problems',
} as const;

/**
 * The hover readout's content. It reads the row nearest the hovered time from the full
 * columns, not from the points drawn: those are min/max picks that differ per series, so
 * this is the only way to show every series' true value for one date, identically in
 * every synchronised chart.
 */
export function ChartTooltip(props: {
  ms: number;
  spec: ChartSpec;
  hidden: ReadonlySet<string>;
  /** A decline fit on this chart: on a forecast day the readout gives its rate. */
  forecast?: DeclineOverlay | null;
}) {
  const { spec, hidden } = props;
  const { rows } = spec;
  const daysOnByMonth = useContext(DaysOnContext);
  const day = props.ms / DAY_MS;
  const nearest = nearestRow(rows.x, day);
  const row =
    nearest >= 0 && Math.abs((rows.x[nearest] as number) - day) <= rows.maxStep ? nearest : -1;
  const forecastRate = props.forecast ? forecastRateOn(props.forecast, Math.round(day)) : null;
  if (row < 0 && forecastRate === null) return null;
  const date = row >= 0 ? formatRowDate(rows.dates[row] as string, rows.monthly) : isoDay(props.ms);
  const kind = row >= 0 ? bandKind(rows.states[row] ?? 'synced') : null;
  const visible = row >= 0 ? spec.series.filter((series) => !hidden.has(series.key)) : [];
  const daysOn =
    row >= 0 && rows.monthly ? daysOnByMonth.get(rows.dates[row] as string) : undefined;
  return (
    <div className="chart-tooltip" data-testid={`tooltip-${spec.id}`}>
      <div className="chart-tooltip-date">{date}</div>
      <table>
        <tbody>
          {props.forecast && forecastRate !== null && (
            <tr data-testid="tooltip-forecast">
              <td>
                <span
                  className="swatch swatch-dashed"
                  style={{ borderColor: props.forecast.colour }}
                />
                {props.forecast.stream} forecast
              </td>
              <td className="num">
                {formatInUnit(forecastRate, props.forecast.rateUnit)} {props.forecast.rateUnit}
              </td>
            </tr>
          )}
          {visible.map((series) => {
            const value = series.values[row];
            return (
              <tr key={series.key}>
                <td>
                  <span className="swatch" style={{ background: series.colour }} />
                  {series.label}
                </td>
                <td className="num">
                  {value == null ? '—' : `${formatInUnit(value, series.unit)} ${series.unit}`}
                  {series.derived?.[row] && <span className="muted"> (from rates)</span>}
                </td>
              </tr>
            );
          })}
          {daysOn && (
            <tr data-testid="tooltip-days-on">
              <td>Days on production</td>
              <td className="num">
                {daysOn.producing} of {daysOn.calendar}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {kind && <div className={`chart-tooltip-state state-${kind}`}>{STATE_NOTE[kind]}</div>}
    </div>
  );
}
