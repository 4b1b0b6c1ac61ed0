import type { Column } from '#shared/production/index.js';
import type { ChartSpec, SeriesSpec } from './chart-specs.js';

/**
 * Wp shares the cumulative chart's left axis with Np, and Gp has the right axis. When both
 * sides fill their height alike (a well making as much water, relative to its oil, as gas),
 * the Wp and Gp lines fall on the same pixels and one hides the other. Then Wp moves to a
 * chart of its own, with its own axis, right under the cumulative chart.
 */

/** Mean gap between the two lines, as a share of the plot's height, under which Wp hides. */
export const HIDDEN_GAP = 0.04;

function maxOf(values: Column): number {
  let max = 0;
  for (const value of values) if (value !== null && value > max) max = value;
  return max;
}

/**
 * The mean vertical gap between Wp (drawn on the left axis, scaled with Np) and Gp (on the
 * right axis), each as a share of its axis' top, over the rows both have; null when there
 * is nothing to compare.
 */
export function waterGasGap(water: Column, leftTop: number, gas: Column): number | null {
  const gasTop = maxOf(gas);
  if (leftTop <= 0 || gasTop <= 0) return null;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < water.length; i++) {
    const w = water[i];
    const g = gas[i];
    if (w === null || w === undefined || g === null || g === undefined) continue;
    sum += Math.abs(w / leftTop - g / gasTop);
    count++;
  }
  return count === 0 ? null : sum / count;
}

/**
 * The cumulative chart as drawn: itself, or (when Wp would hide under Gp) the chart with Np
 * and Gp, then "Cumulative water" with Wp on its own axis.
 */
export function withWaterOnItsOwnAxis(spec: ChartSpec): ChartSpec[] {
  const key = (field: string) => `cumulative_${field}`;
  const water = spec.series.find((series) => series.key === key('water_rate'));
  const oil = spec.series.find((series) => series.key === key('oil_rate'));
  const gas = spec.series.find((series) => series.key === key('gas_rate'));
  if (!water || !gas || water.axis !== 'left' || gas.axis !== 'right') return [spec];
  const leftTop = Math.max(maxOf(water.values), oil ? maxOf(oil.values) : 0);
  const gap = waterGasGap(water.values, leftTop, gas.values);
  if (gap === null || gap >= HIDDEN_GAP) return [spec];
  const rest = spec.series.filter((series) => series !== water);
  const unitsOn = (series: SeriesSpec[], axis: 'left' | 'right') =>
    [...new Set(series.filter((s) => s.axis === axis).map((s) => s.unit))].join(', ');
  return [
    { ...spec, series: rest, left: { ...spec.left, label: unitsOn(rest, 'left') } },
    {
      id: 'cumulative-water',
      title: spec.title.includes('since first production')
        ? 'Cumulative water since first production (Wp)'
        : 'Cumulative water in the range',
      rows: spec.rows,
      series: [water],
      left: { label: water.unit, log: false },
      right: null,
      note: 'On its own axis: on the cumulative chart it would lie under the gas line',
    },
  ];
}
