import type { ProductionField } from '../api/index.js';

/** One series: row i is the value on `dates[i]`; null where nothing was reported. */
export type Column = ReadonlyArray<number | null>;

/**
 * Daily production in columns, ascending by date, one row per reported day
 * (calendar days without a record have no row). `ProductionView` with
 * `aggregation: 'daily'` is one; so is anything shaped like it, which keeps
 * these functions free of the desktop contract. A field absent from `values`
 * reads as null on every row.
 */
export interface DailyColumns {
  dates: readonly string[];
  values: Partial<Record<ProductionField, Column>>;
}

/** The three phases whose daily rates integrate to volumes. */
export const VOLUME_FIELDS = ['oil_rate', 'gas_rate', 'water_rate'] as const;
export type VolumeField = (typeof VOLUME_FIELDS)[number];
