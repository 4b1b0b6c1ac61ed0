import { unitLabel, type Quantity, type UnitSystem } from '../api/index.js';

/** Numbers and names as the quality reasons write them ("Oil 1,240 bbl/d"). */

export const RATE_FIELDS = ['oil_rate', 'gas_rate', 'water_rate'] as const;
export type RateField = (typeof RATE_FIELDS)[number];

export const RATE_NAMES: Record<RateField, string> = {
  oil_rate: 'Oil',
  gas_rate: 'Gas',
  water_rate: 'Water',
};

const RATE_QUANTITY: Record<RateField, Quantity> = {
  oil_rate: 'liquidRate',
  gas_rate: 'gasRate',
  water_rate: 'liquidRate',
};

const FORMATS = new Map<number, Intl.NumberFormat>();

/** Thousands grouped, at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 1): string {
  let formatter = FORMATS.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    FORMATS.set(decimals, formatter);
  }
  return formatter.format(value);
}

export function formatRate(value: number, field: RateField, system: UnitSystem): string {
  return `${formatNumber(value)} ${unitLabel(RATE_QUANTITY[field], system)}`;
}

/** "8.3×", or "63×" from twenty up, where the decimal says nothing more. */
export function formatTimes(ratio: number): string {
  return `${formatNumber(ratio, ratio < 20 ? 1 : 0)}×`;
}

/** "2024-03-05" for one day, "2024-03-05 to 2024-03-09" for a run. */
export function formatDays(from: string, to: string): string {
  return from === to ? from : `${from} to ${to}`;
}
