import { csvText } from '../csv/csv-writer.js';
import { exportNumber } from '../csv/well-export.js';
import type { AlignmentStep } from './align.js';
import type { FieldTotalsSeries } from './field-totals.js';
import type { TypeCurve } from './type-curve.js';

/**
 * The CSV files of the project overview and the well comparison (RFC 4180 through
 * shared/csv's csvText: CRLF, quoting, formula neutralising), units in the headers, dates
 * YYYY-MM-DD, every digit the numbers have.
 */

export interface FieldTotalsUnits {
  /** Rate units: bbl/d, Mscf/d, m³/d, 10³m³/d. */
  oil: string;
  gas: string;
  water: string;
  /** Volume units of the cumulative columns: bbl, Mscf, m³, 10³m³. */
  oilVolume: string;
  gasVolume: string;
  waterVolume: string;
}

export function fieldTotalsCsv(
  totals: FieldTotalsSeries,
  monthly: boolean,
  units: FieldTotalsUnits,
): string {
  const header = [
    monthly ? 'Month' : 'Date',
    `Oil rate (${units.oil})`,
    `Gas rate (${units.gas})`,
    `Water rate (${units.water})`,
    'Producing wells',
    `Cumulative oil (${units.oilVolume})`,
    `Cumulative gas (${units.gasVolume})`,
    `Cumulative water (${units.waterVolume})`,
  ];
  const rows = totals.dates.map((date, row) => [
    date,
    exportNumber(totals.oil[row]),
    exportNumber(totals.gas[row]),
    exportNumber(totals.water[row]),
    String(totals.producingWells[row] ?? 0),
    exportNumber(totals.cumulativeOil[row]),
    exportNumber(totals.cumulativeGas[row]),
    exportNumber(totals.cumulativeWater[row]),
  ]);
  return csvText([header, ...rows]);
}

export interface ComparedWellSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

/**
 * One row per step of producing time (numbered from 1: "month 1" is the first producing
 * month), a column per well, then the type curve and the number of wells behind it.
 */
export function comparisonCsv(
  wells: readonly ComparedWellSeries[],
  curve: TypeCurve,
  step: AlignmentStep,
  unit: string,
): string {
  const steps = Math.max(curve.wells.length, ...wells.map((well) => well.values.length));
  const header = [
    step === 'month' ? 'Producing month' : 'Producing day',
    ...wells.map((well) => `${well.name} (${unit})`),
    `P10 (${unit})`,
    `P50 (${unit})`,
    `P90 (${unit})`,
    'Wells with data',
  ];
  const rows = Array.from({ length: steps }, (_, index) => [
    String(index + 1),
    ...wells.map((well) => exportNumber(well.values[index])),
    exportNumber(curve.p10[index]),
    exportNumber(curve.p50[index]),
    exportNumber(curve.p90[index]),
    String(curve.wells[index] ?? 0),
  ]);
  return csvText([header, ...rows]);
}
