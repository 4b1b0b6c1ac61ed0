import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Aggregation, ProductionField } from '../../../../shared/api/index.js';
import type { ProductionView } from '../../../../shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { chartSeries, formatDay } from './series.js';

const PRESETS = { '3M': 91, '1Y': 365, '5Y': 1826, All: null } as const;
type Preset = keyof typeof PRESETS;
const COLOURS: Partial<Record<ProductionField, string>> = {
  oil_rate: '#16a34a',
  gas_rate: '#dc2626',
  water_rate: '#2563eb',
  bhp: '#7c3aed',
  thp: '#0891b2',
  choke_size: '#a16207',
};
const LABELS: Partial<Record<ProductionField, string>> = {
  oil_rate: 'Oil',
  gas_rate: 'Gas',
  water_rate: 'Water',
  bhp: 'BHP',
  thp: 'THP',
  choke_size: 'Choke',
};
const CHART_COLUMNS = 1000;
// Gas has its own axis: its unit (Mscf/d) differs from the liquids' (bbl/d).
const RATES_LEFT: ProductionField[] = ['oil_rate', 'water_rate'];
const RATES_RIGHT: ProductionField[] = ['gas_rate'];
const PRESSURES_LEFT: ProductionField[] = ['bhp', 'thp'];
const PRESSURES_RIGHT: ProductionField[] = ['choke_size'];

function rangeFor(preset: Preset, firstDate: string | null): { from: string; to: string } {
  const to = new Date().toISOString().slice(0, 10);
  const days = PRESETS[preset];
  const from =
    days === null
      ? (firstDate ?? '1990-01-01')
      : new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Rates (semi-log by default) and pressures for a date range, daily or monthly. */
export function WellCharts(props: { projectId: string; wellId: string; firstDate: string | null }) {
  const [preset, setPreset] = useState<Preset>('1Y');
  const [aggregation, setAggregation] = useState<Aggregation>('daily');
  const [logScale, setLogScale] = useState(true);
  const range = rangeFor(preset, props.firstDate);
  const production = useQuery({
    queryKey: ['production', props.projectId, props.wellId, range.from, range.to, aggregation],
    queryFn: () =>
      send('production-get', {
        projectId: props.projectId,
        wellId: props.wellId,
        ...range,
        aggregation,
      }),
  });
  const view = production.data?.data;

  return (
    <div className="charts">
      <div className="chart-toolbar">
        <div className="segmented" role="group" aria-label="Date range">
          {(Object.keys(PRESETS) as Preset[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={preset === key}
              onClick={() => setPreset(key)}
            >
              {key}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Aggregation">
          {(['daily', 'monthly'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={aggregation === value}
              onClick={() => setAggregation(value)}
            >
              {value === 'daily' ? 'Daily' : 'Monthly'}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Rate scale">
          <button type="button" aria-pressed={logScale} onClick={() => setLogScale(true)}>
            Log
          </button>
          <button type="button" aria-pressed={!logScale} onClick={() => setLogScale(false)}>
            Linear
          </button>
        </div>
        <span className="muted">
          {range.from} – {range.to}
        </span>
      </div>
      {production.isError && <ErrorPanel error={production.error} />}
      {production.isPending && <p className="muted">Loading production…</p>}
      {view && view.dates.length === 0 && (
        <p className="muted" data-testid="no-production">
          No production in this range.
        </p>
      )}
      {view && view.dates.length > 0 && (
        <>
          <Chart title="Rates" view={view} left={RATES_LEFT} right={RATES_RIGHT} log={logScale} />
          <Chart
            title="Pressures and choke"
            view={view}
            left={PRESSURES_LEFT}
            right={PRESSURES_RIGHT}
            log={false}
          />
        </>
      )}
    </div>
  );
}

function Chart(props: {
  title: string;
  view: ProductionView;
  left: ProductionField[];
  right: ProductionField[];
  log: boolean;
}) {
  const { view, log } = props;
  const { left, right } = props;
  const series = useMemo(
    () =>
      [...left, ...right].map((field) => ({
        field,
        points: chartSeries(view, field, CHART_COLUMNS, log),
      })),
    [view, log, left, right],
  );
  const unit = (field: ProductionField) => view.units[field] ?? '';
  const axisLabel = (list: ProductionField[]) => [...new Set(list.map(unit))].join(', ');
  return (
    <figure className="chart" data-testid={`chart-${props.title}`}>
      <figcaption>
        {props.title}{' '}
        <span className="muted">
          ({axisLabel(props.left)}
          {props.right.length ? `; ${axisLabel(props.right)}` : ''})
        </span>
      </figcaption>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#eef2f4" />
          <XAxis
            dataKey="x"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={formatDay}
            allowDuplicatedCategory={false}
          />
          <YAxis
            yAxisId="left"
            scale={log ? 'log' : 'linear'}
            domain={log ? ['auto', 'auto'] : [0, 'auto']}
            allowDataOverflow
            label={{ value: axisLabel(props.left), angle: -90, position: 'insideLeft' }}
          />
          {props.right.length > 0 && (
            <YAxis
              yAxisId="right"
              orientation="right"
              scale={log ? 'log' : 'linear'}
              domain={log ? ['auto', 'auto'] : [0, 'auto']}
              allowDataOverflow
              label={{ value: axisLabel(props.right), angle: 90, position: 'insideRight' }}
            />
          )}
          <Tooltip
            labelFormatter={(value) => formatDay(Number(value))}
            formatter={(value, name) => [
              `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}`,
              String(name),
            ]}
          />
          <Legend />
          {series.map(({ field, points }) => (
            <Line
              key={field}
              data={points}
              dataKey="y"
              name={`${LABELS[field]} (${unit(field)})`}
              yAxisId={props.right.includes(field) ? 'right' : 'left'}
              stroke={COLOURS[field]}
              dot={false}
              isAnimationActive={false}
              connectNulls={false}
              strokeWidth={1.5}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
