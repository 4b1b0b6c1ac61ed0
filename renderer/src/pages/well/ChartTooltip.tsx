import type { ChartSpec } from './chart-specs.js';
import { formatRowDate, formatValue } from './chart-format.js';
import { bandKind } from './pending.js';
import { DAY_MS } from './series.js';
import { nearestRow } from './zoom.js';

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
export function ChartTooltip(props: { ms: number; spec: ChartSpec; hidden: ReadonlySet<string> }) {
  const { spec, hidden } = props;
  const { rows } = spec;
  const day = props.ms / DAY_MS;
  const row = nearestRow(rows.x, day);
  if (row < 0 || Math.abs((rows.x[row] as number) - day) > rows.maxStep) return null;
  const date = rows.dates[row] as string;
  const kind = bandKind(rows.states[row] ?? 'synced');
  const visible = spec.series.filter((series) => !hidden.has(series.key));
  return (
    <div className="chart-tooltip" data-testid={`tooltip-${spec.id}`}>
      <div className="chart-tooltip-date">{formatRowDate(date, rows.monthly)}</div>
      <table>
        <tbody>
          {visible.map((series) => {
            const value = series.values[row];
            return (
              <tr key={series.key}>
                <td>
                  <span className="swatch" style={{ background: series.colour }} />
                  {series.label}
                </td>
                <td className="num">
                  {value == null ? '—' : `${formatValue(value)} ${series.unit}`}
                  {series.derived?.[row] && <span className="muted"> (from rates)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {kind && <div className={`chart-tooltip-state state-${kind}`}>{STATE_NOTE[kind]}</div>}
    </div>
  );
}
