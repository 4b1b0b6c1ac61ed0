import type { Column, DailyColumns } from './columns.js';

/**
 * GOR of one day's rates: 1000 × gas ÷ oil. The 1000 turns Mscf/bbl into
 * scf/bbl and 10³m³/m³ into m³/m³, the units of the `gor` field in either
 * system. Null when either rate is missing or no oil flowed (oil = 0 has no
 * ratio, and a shut-in day must not read as GOR 0).
 */
export function gasOilRatio(oil: number | null, gas: number | null): number | null {
  if (oil == null || gas == null || !(oil > 0)) return null;
  return (1000 * gas) / oil;
}

/**
 * Watercut of one day's rates in %: 100 × water ÷ (water + oil). Null when
 * either is missing or no liquid flowed.
 */
export function watercut(oil: number | null, water: number | null): number | null {
  if (oil == null || water == null) return null;
  const liquid = water + oil;
  return liquid > 0 ? (100 * water) / liquid : null;
}

export interface RatioColumn {
  values: Array<number | null>;
  /** True where the value was computed from the rates, not read from the record (for tooltips). */
  derived: boolean[];
}

/**
 * The `gor` and `watercut` columns with the gaps filled from the rates: a
 * value the record carries is kept as is (an operator's measured GOR beats
 * one inferred from daily rates); a null is replaced by the ratio of that
 * row's rates, or stays null when the rates give none. Meant for daily
 * columns: monthly rows from the API already carry ratios of the month's sums,
 * and a ratio of two monthly means may mix days on which only one was reported.
 */
export function fillRatios(columns: DailyColumns): { gor: RatioColumn; watercut: RatioColumn } {
  const { oil_rate: oil, gas_rate: gas, water_rate: water } = columns.values;
  const n = columns.dates.length;
  return {
    gor: fill(columns.values.gor, n, (i) => gasOilRatio(at(oil, i), at(gas, i))),
    watercut: fill(columns.values.watercut, n, (i) => watercut(at(oil, i), at(water, i))),
  };
}

function fill(
  recorded: Column | undefined,
  n: number,
  compute: (row: number) => number | null,
): RatioColumn {
  const values = new Array<number | null>(n);
  const derived = new Array<boolean>(n);
  for (let i = 0; i < n; i++) {
    const own = at(recorded, i);
    const value = own ?? compute(i);
    values[i] = value;
    derived[i] = own === null && value !== null;
  }
  return { values, derived };
}

function at(column: Column | undefined, row: number): number | null {
  return column?.[row] ?? null;
}
