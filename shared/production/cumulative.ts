import { FIELD_RULES, type UnitSystem } from '../api/index.js';
import { VOLUME_FIELDS, type Column, type DailyColumns, type VolumeField } from './columns.js';

/**
 * Running total of a DAILY rate column: each row is one day, so it adds
 * rate × 1 d. A null row adds nothing and carries the total (the line stays
 * flat rather than breaking, since the total is still known to be at least
 * that); calendar days without a row add nothing either. `start` is the volume
 * produced before the first row (Np, Gp or Wp up to then): with it, the total
 * is cumulative since first production and known from the first row on;
 * without it (null: the history before is not known), rows before the first
 * reported value are null, so the chart does not draw a flat zero over a
 * stretch it knows nothing about, and the total counts from the first row.
 * Rates are never negative (the API rejects them), so the total never falls.
 *
 * Monthly rows cannot be integrated: the API's monthly rate is a mean over
 * the reported days, whose count it does not return.
 */
export function cumulativeVolume(
  dailyRates: Column,
  start: number | null = null,
): Array<number | null> {
  const result = new Array<number | null>(dailyRates.length);
  let total: number | null = start;
  for (let i = 0; i < dailyRates.length; i++) {
    const rate = dailyRates[i];
    if (rate != null) total = (total ?? 0) + rate;
    result[i] = total;
  }
  return result;
}

/**
 * Volume units: each is its rate's unit times one day (bbl/d × d = bbl). A
 * table rather than string surgery on the rate labels; a test holds them in step.
 */
const VOLUME_UNITS = {
  liquidRate: { imperial: 'bbl', metric: 'm³' },
  gasRate: { imperial: 'Mscf', metric: '10³m³' },
} as const;

/** The unit a cumulative of `field` is labelled with: bbl, Mscf, m³ or 10³m³. */
export function cumulativeUnit(field: VolumeField, system: UnitSystem): string {
  const quantity = FIELD_RULES[field].quantity as keyof typeof VOLUME_UNITS;
  return VOLUME_UNITS[quantity][system];
}

export const CUMULATIVE_LABELS: Record<VolumeField, string> = {
  oil_rate: 'Cumulative oil',
  gas_rate: 'Cumulative gas',
  water_rate: 'Cumulative water',
};

/** Volumes produced before a range (Σ daily rate × 1 d), in the columns' unit system. */
export type VolumesBefore = Record<VolumeField, number>;

/** The volumes of a daily view before a range: each phase's Σ of its daily rates. */
export function volumesOf(daily: DailyColumns): VolumesBefore {
  const sum = (field: VolumeField) =>
    (daily.values[field] ?? []).reduce<number>((total, rate) => total + (rate ?? 0), 0);
  return { oil_rate: sum('oil_rate'), gas_rate: sum('gas_rate'), water_rate: sum('water_rate') };
}

export interface CumulativeSeries {
  /** The rate it integrates. */
  field: VolumeField;
  label: string;
  unit: string;
  values: Array<number | null>;
}

/**
 * The cumulative oil, gas and water series of daily columns (those of the
 * three the columns carry), labelled for the chart. The values are in the
 * columns' unit system, which must be `system`: every unit here is linear.
 */
export function cumulativeSeries(
  daily: DailyColumns,
  system: UnitSystem,
  before: VolumesBefore | null = null,
): CumulativeSeries[] {
  const series: CumulativeSeries[] = [];
  for (const field of VOLUME_FIELDS) {
    const rates = daily.values[field];
    if (rates === undefined) continue;
    series.push({
      field,
      label: CUMULATIVE_LABELS[field],
      unit: cumulativeUnit(field, system),
      values: cumulativeVolume(rates, before ? before[field] : null),
    });
  }
  return series;
}
