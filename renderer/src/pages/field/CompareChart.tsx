import { useMemo } from 'react';
import { CartesianGrid, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AlignmentStep } from '#shared/field/index.js';
import type { ChartExportContext } from '../../export/chart-header.js';
import { ChartExportMenu } from '../../export/ChartExportMenu.js';
import type { IsoRange } from '../well/date-range.js';
import { AxisTick, type TickPosition } from '../well/AxisTick.js';
import { linearAxis, logAxis, type AxisScale } from '../well/axis-ticks.js';
import { formatInUnit, formatTick } from '../well/chart-format.js';
import { AXIS_WIDTH, MARGIN } from '../well/chart-layout.js';
import type { ChartSpec, SeriesSpec } from '../well/chart-specs.js';
import type { ChartPoint } from '../well/series.js';
import { useElementWidth } from '../well/use-element-width.js';
import {
  compareLegend,
  TYPE_CURVE_COLOUR as CURVE_COLOUR,
  TYPE_CURVE_LINES as CURVES,
  type Comparison,
} from './compare-model.js';
import { CurvePath } from './CurvePath.js';

const HEIGHT = 380;

/**
 * The comparison chart: each well's rate on producing time (thin, coloured) under the
 * group's P10, P50 and P90 (black; P50 solid). Time runs in producing days or months
 * from 1; the rate axis is log (zeros not drawn) or linear, with the well page's ticks.
 */
export function CompareChart(props: {
  comparison: Comparison;
  step: AlignmentStep;
  logScale: boolean;
  title: string;
  exportContext: ChartExportContext;
  range: IsoRange;
}) {
  const { comparison, logScale } = props;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const steps = Math.max(0, ...comparison.wells.map((well) => well.values.length));
  const lines = useMemo(
    () => ({
      wells: comparison.wells.map((well) => ({ ...well, points: toPoints(well.values) })),
      curves: CURVES.map((curve) => ({ ...curve, points: toPoints(comparison.curve[curve.key]) })),
    }),
    [comparison],
  );
  const yScale = useMemo(() => valueScale(comparison, logScale), [comparison, logScale]);
  const xScale = useMemo(() => linearAxis(Math.max(steps, 2), 6), [steps]);
  const hover = useMemo(() => Array.from({ length: steps }, (_, i) => ({ x: i + 1 })), [steps]);
  const spec = useMemo(() => exportSpec(props, comparison), [props, comparison]);
  // The image's legend draws P10, P50 and P90 as their lines are, not as one solid swatch.
  const legend = useMemo(() => compareLegend(comparison), [comparison]);
  const stepName = props.step === 'month' ? 'Producing month' : 'Producing day';

  return (
    <figure className="well-chart compare-chart" data-testid="compare-chart">
      <div className="well-chart-head">
        <figcaption>
          <span>{props.title}</span>
          <span className="chart-note">{spec.note}</span>
        </figcaption>
        <div className="well-chart-tools">
          <div className="chart-legend" role="list" aria-label="Type curve">
            {CURVES.map((curve) => (
              <span key={curve.key} className="legend-item" role="listitem">
                <svg width="22" height="8" aria-hidden="true">
                  <line
                    x1="0"
                    y1="4"
                    x2="22"
                    y2="4"
                    stroke={CURVE_COLOUR}
                    strokeWidth={curve.width}
                    strokeDasharray={curve.dash}
                  />
                </svg>
                {curve.label}
              </span>
            ))}
          </div>
          <ChartExportMenu
            spec={spec}
            hidden={new Set()}
            context={props.exportContext}
            range={props.range}
            plot={ref}
            disabled={width === 0 || steps === 0}
            legend={legend}
          />
        </div>
      </div>
      <div ref={ref} className="well-chart-plot" style={{ height: HEIGHT }}>
        {width > 0 && steps > 0 && (
          <LineChart
            data={hover}
            width={width}
            height={HEIGHT}
            margin={{ ...MARGIN, right: 24, bottom: 18 }}
          >
            <CartesianGrid stroke="#e8edf0" />
            <XAxis
              dataKey="x"
              type="number"
              domain={xScale.domain}
              ticks={xScale.ticks}
              interval={0}
              allowDataOverflow
              tick={(tick: TickPosition) => <AxisTick {...tick} format={formatTick} />}
              label={{
                value: stepName,
                position: 'insideBottom',
                offset: -12,
                style: { fontSize: 11, fill: '#5b6b75' },
              }}
            />
            <YAxis
              yAxisId="left"
              width={AXIS_WIDTH}
              scale={logScale ? 'log' : 'linear'}
              domain={yScale.domain}
              ticks={yScale.ticks}
              interval={0}
              allowDataOverflow
              tick={(tick: TickPosition) => <AxisTick {...tick} format={formatTick} />}
              label={{
                value: comparison.unit,
                angle: -90,
                position: 'insideLeft',
                style: { textAnchor: 'middle', fontSize: 11, fill: '#5b6b75' },
              }}
            />
            <Tooltip
              isAnimationActive={false}
              wrapperStyle={{ visibility: 'visible' }}
              cursor={{ stroke: '#64748b', strokeDasharray: '3 3' }}
              content={(tooltip) =>
                tooltip.active && tooltip.label != null ? (
                  <StepTooltip
                    comparison={comparison}
                    index={Number(tooltip.label) - 1}
                    stepName={stepName}
                  />
                ) : null
              }
            />
            {lines.wells.map((well) => (
              <CurvePath
                key={well.id}
                points={well.points}
                colour={well.colour}
                seriesKey={`well-${well.id}`}
                width={1.2}
                opacity={0.85}
              />
            ))}
            {lines.curves.map((curve) => (
              <CurvePath
                key={curve.key}
                points={curve.points}
                colour={CURVE_COLOUR}
                seriesKey={curve.key}
                width={curve.width}
                {...(curve.dash ? { dash: curve.dash } : {})}
              />
            ))}
          </LineChart>
        )}
      </div>
    </figure>
  );
}

function StepTooltip(props: { comparison: Comparison; index: number; stepName: string }) {
  const { comparison, index } = props;
  const { curve, unit } = comparison;
  const row = (label: string, value: number | null | undefined) => (
    <tr key={label}>
      <td>{label}</td>
      <td className="num">{value == null ? '—' : `${formatInUnit(value, unit)} ${unit}`}</td>
    </tr>
  );
  return (
    <div className="chart-tooltip" data-testid="tooltip-compare">
      <div className="chart-tooltip-date">
        {props.stepName} {index + 1} · {curve.wells[index] ?? 0} wells with data
      </div>
      <table>
        <tbody>
          {row('P10', curve.p10[index])}
          {row('P50', curve.p50[index])}
          {row('P90', curve.p90[index])}
        </tbody>
      </table>
    </div>
  );
}

/** Step i (from 0) is drawn at x = i + 1: "month 1" is the first producing month. */
function toPoints(values: ReadonlyArray<number | null>): ChartPoint[] {
  return values.map((y, i) => ({ x: i + 1, y }));
}

function valueScale(comparison: Comparison, log: boolean): AxisScale {
  let min = Infinity;
  let max = -Infinity;
  for (const well of comparison.wells) {
    for (const value of well.values) {
      if (value === null || (log && value <= 0)) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return log ? logAxis(min, max) : linearAxis(max);
}

/** What the export menu needs of a chart: title, legend and note, in the well page's form. */
function exportSpec(
  props: { title: string; step: AlignmentStep; logScale: boolean },
  comparison: Comparison,
): ChartSpec {
  const series: SeriesSpec[] = [
    ...comparison.wells.map((well) => ({
      key: `well-${well.id}`,
      label: well.name,
      unit: comparison.unit,
      colour: well.colour,
      axis: 'left' as const,
      values: well.values,
    })),
    ...CURVES.map((curve) => ({
      key: curve.key,
      label: curve.label,
      unit: comparison.unit,
      colour: CURVE_COLOUR,
      axis: 'left' as const,
      values: comparison.curve[curve.key],
    })),
  ];
  return {
    id: 'compare',
    title: props.title,
    rows: { x: [], dates: [], states: [], maxStep: 1, monthly: props.step === 'month' },
    series,
    left: { label: comparison.unit, log: props.logScale },
    right: null,
    note: `On producing ${props.step === 'month' ? 'months' : 'days'} from each well’s first; P10 is the high case (exceeded by 10 % of the wells), at steps with 2 or more wells`,
  };
}
