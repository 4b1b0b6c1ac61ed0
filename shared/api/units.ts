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

/**
 * Below this magnitude every factor above (all between 1/36 and 36) converts without
 * leaving the double range, so the common case costs one comparison.
 */
const SURELY_CONVERTIBLE = 1e300;

export const UNCONVERTIBLE_MESSAGE = 'is too large to convert between imperial and metric units';

/**
 * True when `value` converts to a finite number whichever unit system it was given in and
 * whichever the project shows it in later. A value near the double limit (1.7e308 m³/d is
 * 1.07e309 bbl/d) would otherwise be stored as Infinity or read back as null, and a
 * project's unit system can change after the value is written, so both directions count.
 */
export function convertsFinitely(quantity: Quantity, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Math.abs(value) <= SURELY_CONVERTIBLE) return true;
  for (const system of UNIT_SYSTEMS) {
    const stored = toStored(quantity, value, system);
    if (!Number.isFinite(stored)) return false;
    for (const shown of UNIT_SYSTEMS) {
      if (!Number.isFinite(fromStored(quantity, stored, shown))) return false;
    }
  }
  return true;
}
