import { unitLabel, type ProductionField } from '#shared/api/index.js';
import {
  viewOfColumns,
  type ProductionColumns,
  type ProductionView,
  type RowSyncState,
} from '#shared/desktop/index.js';
import {
  cumulativeSeries,
  type VolumesBefore,
  epochDays,
  fillRatios,
  type Column,
} from '#shared/production/index.js';
import { formatDay } from '../../sync/dates.js';

/**
 * What each of the four well charts plots, built from a production view once per read
 * (not per render): the series with their labels, units in the project's unit system,
 * colours and axes. Pure data, so the charts stay generic and the choices are testable.
 */
export type ChartId =
  | 'rates'
  | 'pressures'
  | 'ratios'
  | 'cumulative'
  | 'cumulative-water'
  // The project overview's and the well comparison's charts (pages/field/).
  | 'field-rates'
  | 'field-wells'
  | 'field-cumulative'
  | 'compare';

/** The rows a chart's series are aligned to. */
export interface RowAxis {
  /** Epoch days, ascending. */
  x: number[];
  dates: readonly string[];
  states: readonly RowSyncState[];
  /** Days between rows beyond which the line breaks. */
  maxStep: number;
  monthly: boolean;
}

export interface SeriesSpec {
  key: string;
  label: string;
  unit: string;
  colour: string;
  axis: 'left' | 'right';
  values: Column;
  /** Rows whose value was computed from the rates rather than recorded (tooltip note). */
  derived?: readonly boolean[];
}

export interface AxisSpec {
  label: string;
  log: boolean;
  /** A fixed domain (watercut is 0–100 %); else fitted to the visible series. */
  domain?: [number, number];
}

export interface ChartSpec {
  id: ChartId;
  title: string;
  rows: RowAxis;
  series: SeriesSpec[];
  left: AxisSpec;
  right: AxisSpec | null;
  /**
   * Both sides on one decade-aligned log scale when both are log (the rates chart): the
   * same height is the same number on either axis, so lines cross only where rates do.
   */
  sharedLogScale?: boolean;
  /** A line under the title that says how the values were made. */
  note?: string;
}

export const COLOURS = {
  oil: '#15803d',
  gas: '#dc2626',
  water: '#2563eb',
  bhp: '#7c3aed',
  thp: '#0891b2',
  choke: '#a16207',
  gor: '#be185d',
  watercut: '#0369a1',
} as const;

/**
 * What a chart is built from: production-get's view, or production-columns' typed columns
 * (the well page's read), which are turned into the view's shape once per read
 * (`viewOfColumns`); their epoch days are the rows' x as they are.
 */
export type ChartSource = ProductionView | ProductionColumns;

function viewOf(source: ChartSource): ProductionView {
  return 'days' in source ? viewOfColumns(source) : source;
}

export function rowAxis(source: ChartSource): RowAxis {
  const view = viewOf(source);
  const monthly = view.aggregation === 'monthly';
  return {
    x: 'days' in source ? Array.from(source.days) : epochDays(view.dates),
    dates: view.dates,
    states: view.states,
    maxStep: monthly ? 31 : 1,
    monthly,
  };
}

function fieldSeries(
  view: ProductionView,
  field: ProductionField,
  label: string,
  colour: string,
  axis: 'left' | 'right',
): SeriesSpec | null {
  const values = view.values[field];
  if (!values) return null;
  return { key: field, label, unit: view.units[field] ?? '', colour, axis, values };
}

function present(list: Array<SeriesSpec | null>): SeriesSpec[] {
  return list.filter((series): series is SeriesSpec => series !== null);
}

function axisLabel(series: SeriesSpec[], axis: 'left' | 'right'): string {
  return [...new Set(series.filter((s) => s.axis === axis).map((s) => s.unit))].join(', ');
}

export function ratesChart(source: ChartSource, rows: RowAxis, log: boolean): ChartSpec {
  const view = viewOf(source);
  // Gas has its own axis: its unit (Mscf/d, 10³m³/d) is not the liquids' (bbl/d, m³/d).
  const series = present([
    fieldSeries(view, 'oil_rate', 'Oil', COLOURS.oil, 'left'),
    fieldSeries(view, 'water_rate', 'Water', COLOURS.water, 'left'),
    fieldSeries(view, 'gas_rate', 'Gas', COLOURS.gas, 'right'),
  ]);
  return {
    id: 'rates',
    title: 'Rates',
    rows,
    series,
    left: { label: axisLabel(series, 'left'), log },
    right: { label: axisLabel(series, 'right'), log },
    sharedLogScale: true,
  };
}

export function pressuresChart(source: ChartSource, rows: RowAxis): ChartSpec {
  const view = viewOf(source);
  const series = present([
    fieldSeries(view, 'bhp', 'BHP', COLOURS.bhp, 'left'),
    fieldSeries(view, 'thp', 'THP', COLOURS.thp, 'left'),
    fieldSeries(view, 'choke_size', 'Choke', COLOURS.choke, 'right'),
  ]);
  return {
    id: 'pressures',
    title: 'Pressures and choke',
    rows,
    series,
    left: { label: axisLabel(series, 'left'), log: false },
    right: { label: axisLabel(series, 'right'), log: false },
  };
}

/**
 * GOR and watercut. Daily rows fill a missing ratio from that day's rates (a recorded
 * ratio wins); monthly rows already carry the ratio of the month's sums, which a ratio
 * of two monthly mean rates would not reproduce.
 */
export function ratiosChart(source: ChartSource, rows: RowAxis, log: boolean): ChartSpec {
  const view = viewOf(source);
  const system = view.unitSystem;
  const gorUnit = unitLabel('gasOilRatio', system);
  const cutUnit = unitLabel('percent', system);
  const filled = rows.monthly ? null : fillRatios(view);
  const gor = filled?.gor.values ?? view.values.gor ?? view.dates.map(() => null);
  const cut = filled?.watercut.values ?? view.values.watercut ?? view.dates.map(() => null);
  const series: SeriesSpec[] = [
    { key: 'gor', label: 'GOR', unit: gorUnit, colour: COLOURS.gor, axis: 'left', values: gor },
    {
      key: 'watercut',
      label: 'Watercut',
      unit: cutUnit,
      colour: COLOURS.watercut,
      axis: 'right',
      values: cut,
    },
  ];
  if (filled) {
    (series[0] as SeriesSpec).derived = filled.gor.derived;
    (series[1] as SeriesSpec).derived = filled.watercut.derived;
  }
  return {
    id: 'ratios',
    title: 'GOR and watercut',
    rows,
    series,
    left: { label: gorUnit, log },
    right: { label: cutUnit, log: false, domain: [0, 100] },
    note: rows.monthly
      ? 'Monthly ratios of the month’s volumes'
      : 'Recorded ratios; gaps filled from the day’s rates',
  };
}

const CUMULATIVE_STYLE = {
  oil_rate: { label: 'Oil', sinceFirst: 'Oil (Np)', colour: COLOURS.oil, axis: 'left' },
  water_rate: { label: 'Water', sinceFirst: 'Water (Wp)', colour: COLOURS.water, axis: 'left' },
  gas_rate: { label: 'Gas', sinceFirst: 'Gas (Gp)', colour: COLOURS.gas, axis: 'right' },
} as const;

/**
 * Cumulative volumes integrate DAILY rates (a monthly mean rate cannot be integrated:
 * the API does not say over how many days it was taken), so this chart always reads the
 * daily view, whatever the other charts show. With the volumes produced before the range
 * they are cumulative since first production (Np, Gp, Wp); without them (the history is
 * not on this computer) they count from the range's first day, and the chart says so.
 */
export function cumulativeChart(
  source: ChartSource,
  dailyRows: RowAxis,
  before: VolumesBefore | null,
): ChartSpec {
  const daily = viewOf(source);
  // A total is still known across days without a record, so its line does not break there.
  const rows = { ...dailyRows, maxStep: Infinity };
  const series: SeriesSpec[] = cumulativeSeries(daily, daily.unitSystem, before)
    .map((cumulative) => ({
      key: `cumulative_${cumulative.field}`,
      label: CUMULATIVE_STYLE[cumulative.field][before ? 'sinceFirst' : 'label'],
      unit: cumulative.unit,
      colour: CUMULATIVE_STYLE[cumulative.field].colour,
      axis: CUMULATIVE_STYLE[cumulative.field].axis,
      values: cumulative.values,
    }))
    .sort((a, b) => (a.axis === b.axis ? 0 : a.axis === 'left' ? -1 : 1));
  return {
    id: 'cumulative',
    title: before ? 'Cumulative volumes since first production' : 'Cumulative volumes in the range',
    rows,
    series,
    left: { label: axisLabel(series, 'left'), log: false },
    right: { label: axisLabel(series, 'right'), log: false },
    note: before
      ? 'Np, Gp and Wp: daily rates summed since first production'
      : `From daily rates, counted from ${formatDay(daily.dates[0] ?? daily.from)}: the history before is not on this computer`,
  };
}
