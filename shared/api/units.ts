import { z } from 'zod';

export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export const unitSystemSchema = z.enum(UNIT_SYSTEMS);
export type UnitSystem = z.infer<typeof unitSystemSchema>;

/**
 * Every physical quantity the API carries. Values are stored in imperial units;
 * `factor` converts imperial → metric (multiply), as in docs/api-decisions.md.
 */
export const QUANTITIES = {
  liquidRate: { imperial: 'bbl/d', metric: 'm³/d', factor: 0.158987294928 },
  gasRate: { imperial: 'Mscf/d', metric: '10³m³/d', factor: 0.028316846592 },
  pressure: { imperial: 'psi', metric: 'kPa', factor: 6.894757293168361 },
  choke: { imperial: '1/64 in', metric: 'mm', factor: 0.396875 },
  duration: { imperial: 'h', metric: 'h', factor: 1 },
  gasOilRatio: { imperial: 'scf/bbl', metric: 'm³/m³', factor: 0.028316846592 / 0.158987294928 },
  percent: { imperial: '%', metric: '%', factor: 1 },
  length: { imperial: 'ft', metric: 'm', factor: 0.3048 },
} as const satisfies Record<string, { imperial: string; metric: string; factor: number }>;

export type Quantity = keyof typeof QUANTITIES;

export function unitLabel(quantity: Quantity, system: UnitSystem): string {
  return QUANTITIES[quantity][system];
}

/**
 * Converted values are rounded to 12 significant digits so that a metric value
 * written and read back comes out as typed (10 m³/d, not 9.999999999999998);
 * 12 digits is far finer than any gauge.
 */
function roundConverted(value: number): number {
  return Number(value.toPrecision(12));
}

/** A stored (imperial) value as the given unit system shows it. */
export function fromStored(quantity: Quantity, value: number, system: UnitSystem): number {
  if (system === 'imperial') return value;
  const { factor } = QUANTITIES[quantity];
  return factor === 1 ? value : roundConverted(value * factor);
}

/** A value given in the unit system, as stored (imperial). Kept at full precision. */
export function toStored(quantity: Quantity, value: number, system: UnitSystem): number {
  if (system === 'imperial') return value;
  const { factor } = QUANTITIES[quantity];
  return factor === 1 ? value : value / factor;
}

/** Converts between any two unit systems (for imports and exports). */
export function convert(
  quantity: Quantity,
  value: number,
  from: UnitSystem,
  to: UnitSystem,
): number {
  if (from === to) return value;
  return fromStored(quantity, toStored(quantity, value, from), to);
}
