import type { ProductionRecord } from '../api/index.js';
import { epochDay } from './days.js';

/**
 * The fields the rules read (every production field but the choke size), as the rules
 * name them.
 */
export const SCANNED_FIELDS = [
  'oil_rate',
  'water_rate',
  'gas_rate',
  'bhp',
  'thp',
  'runtime',
  'gor',
  'watercut',
] as const;
export type ScannedField = (typeof SCANNED_FIELDS)[number];

/**
 * One well's days as columns, the shape the rules work on: row r is the r-th day held.
 * A scan reads a million days; as columns they cost one typed array per field instead of
 * an object per day, and the rules' loops run over plain numbers.
 */
export interface WellColumns extends Readonly<Record<ScannedField, Float64Array>> {
  /** The day of each row, as days since 1970-01-01 (UTC), ascending, no repeats. */
  readonly days: Int32Array;
  readonly length: number;
}

/** Empty columns of `length` rows, every value missing (NaN), for a reader to fill. */
export function emptyColumns(length: number): WellColumns {
  const columns: Record<string, unknown> = { days: new Int32Array(length), length };
  for (const field of SCANNED_FIELDS) columns[field] = new Float64Array(length).fill(NaN);
  return columns as unknown as WellColumns;
}

/** Records (date order, one per day) as columns: null becomes NaN. */
export function columnsFromRecords(records: readonly ProductionRecord[]): WellColumns {
  const columns = emptyColumns(records.length);
  records.forEach((record, r) => {
    (columns.days as Int32Array)[r] = epochDay(record.date);
    for (const field of SCANNED_FIELDS) {
      const value = record[field];
      if (value !== null) columns[field][r] = value;
    }
  });
  return columns;
}
