import type { ProductionRecord } from '../../api/index.js';
import { addDays } from '../days.js';
import type { WellSeriesContext } from '../types.js';

/** Hand-made daily series for the rules' tests. */

export const CONTEXT: WellSeriesContext = { wellId: 'w1', unitSystem: 'imperial', spudDate: null };

/** A producing day: runtime 24 h, the rates given, ratios from them. */
export function day(
  date: string,
  values: Partial<Omit<ProductionRecord, 'date'>> = {},
): ProductionRecord {
  const oil = values.oil_rate ?? 100;
  const gas = values.gas_rate ?? 150;
  const water = values.water_rate ?? 50;
  return {
    date,
    oil_rate: oil,
    gas_rate: gas,
    water_rate: water,
    bhp: 2_000,
    thp: 500,
    choke_size: 24,
    runtime: 24,
    gor: null,
    watercut: null,
    ...values,
  };
}

/**
 * `count` consecutive days from `first`; `values(i)` sets each day's fields. The default
 * oil wobbles ±3 % from day to day as metered oil does (never the same twice running).
 */
export function series(
  first: string,
  count: number,
  values: (i: number) => Partial<Omit<ProductionRecord, 'date'>> = () => ({}),
): ProductionRecord[] {
  return Array.from({ length: count }, (_, i) =>
    day(addDays(first, i), {
      oil_rate: wobble(100, i),
      gas_rate: wobble(150, i + 3),
      water_rate: wobble(50, i + 5),
      ...values(i),
    }),
  );
}

/** A deterministic ±3 % wobble around `level`. */
export function wobble(level: number, i: number): number {
  return Math.round(level * (1 + 0.03 * Math.sin(i * 2.3 + 0.7)) * 10) / 10;
}
