import type { FieldTotalsResult } from '#shared/desktop/index.js';
import { epochDays } from '#shared/production/index.js';
import { COLOURS, type ChartSpec, type RowAxis } from '../well/chart-specs.js';

/**
 * The Overview tab's three charts, from one field-totals answer: the same ChartSpec the
 * well page's TimeChart draws, so the axes, semi-log scale, tooltips, zoom and export are
 * the well page's own.
 */

/** The rows of the answer on the time axis; no row is pending (the sums have no state). */
export function fieldRowAxis(totals: FieldTotalsResult): RowAxis {
  const monthly = totals.aggregation === 'monthly';
  return {
    x: epochDays(totals.dates),
    dates: totals.dates,
    states: totals.dates.map(() => 'synced' as const),
    maxStep: monthly ? 31 : 1,
    monthly,
  };
}

export function fieldRatesChart(totals: FieldTotalsResult, log: boolean): ChartSpec {
  const { units } = totals;
  return {
    id: 'field-rates',
    title: 'Field rates',
    rows: fieldRowAxis(totals),
    series: [
      {
        key: 'oil',
        label: 'Oil',
        unit: units.oil,
        colour: COLOURS.oil,
        axis: 'left',
        values: totals.oil,
      },
      {
        key: 'water',
        label: 'Water',
        unit: units.water,
        colour: COLOURS.water,
        axis: 'left',
        values: totals.water,
      },
      {
        key: 'gas',
        label: 'Gas',
        unit: units.gas,
        colour: COLOURS.gas,
        axis: 'right',
        values: totals.gas,
      },
    ],
    left: { label: units.oil === units.water ? units.oil : `${units.oil}, ${units.water}`, log },
    right: { label: units.gas, log },
    sharedLogScale: true,
    note:
      totals.aggregation === 'monthly'
        ? 'Sum over the wells: each month’s volume ÷ its calendar days'
        : 'Sum over the wells of each day’s rates',
  };
}

export function producingWellsChart(totals: FieldTotalsResult): ChartSpec {
  return {
    id: 'field-wells',
    title: 'Producing wells',
    rows: fieldRowAxis(totals),
    series: [
      {
        key: 'producing',
        label: 'Producing wells',
        unit: 'wells',
        colour: '#334155',
        axis: 'left',
        values: totals.producingWells,
      },
    ],
    left: { label: 'wells', log: false, domain: wellCountDomain(totals.producingWells) },
    right: null,
    note:
      totals.aggregation === 'monthly'
        ? 'Wells with an oil, gas or water rate above zero on any day of the month'
        : 'Wells with an oil, gas or water rate above zero that day',
  };
}

export function fieldCumulativeChart(totals: FieldTotalsResult): ChartSpec {
  const { units } = totals;
  return {
    id: 'field-cumulative',
    title: 'Field cumulative volumes',
    // A total is still known across days without a record: its line does not break there.
    rows: { ...fieldRowAxis(totals), maxStep: Infinity },
    series: [
      {
        key: 'cumulative_oil',
        label: 'Oil (Np)',
        unit: units.oilVolume,
        colour: COLOURS.oil,
        axis: 'left',
        values: totals.cumulativeOil,
      },
      {
        key: 'cumulative_water',
        label: 'Water (Wp)',
        unit: units.waterVolume,
        colour: COLOURS.water,
        axis: 'left',
        values: totals.cumulativeWater,
      },
      {
        key: 'cumulative_gas',
        label: 'Gas (Gp)',
        unit: units.gasVolume,
        colour: COLOURS.gas,
        axis: 'right',
        values: totals.cumulativeGas,
      },
    ],
    left: { label: units.oilVolume, log: false },
    right: { label: units.gasVolume, log: false },
    note: `Daily rates summed from ${totals.dates[0] ?? '—'}: the production on this computer`,
  };
}

const COUNT_STEPS = [1, 2, 2.5, 5];

/**
 * A well count's axis: 0 to four whole-number steps (1, 2, 5, 10, 20, 25, 50, …) reaching
 * the largest count, so every tick is a whole number of wells (fixedAxis draws 4 steps).
 */
export function wellCountDomain(counts: readonly number[]): [number, number] {
  const max = Math.max(1, ...counts);
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const base of COUNT_STEPS) {
      const step = base * magnitude;
      if (Number.isInteger(step) && 4 * step >= max) return [0, 4 * step];
    }
  }
}
