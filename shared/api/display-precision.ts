import { FIELD_RULES, type ProductionField } from './production-fields.js';
import { QUANTITIES, type Quantity, type UnitSystem } from './units.js';

/**
 * How many decimals a number is shown with, chosen once per quantity and unit so that every
 * number in a column (the records grid, the report's tables, a readout) reads to the same
 * place: 8,375.80 under 9,568.59, never 8,375.8 under 9,568.586. Each is about what a field
 * gauge resolves in that unit, and no coarser than what people type: a rate typed as 3.33
 * bbl/d shows as 3.33. What is stored is never rounded: an editor opens on the full value.
 */
export const DISPLAY_DECIMALS: Record<Quantity, Record<UnitSystem, number>> = {
  // bbl/d and m³/d (1 m³ ≈ 6.3 bbl): hundredths of either.
  liquidRate: { imperial: 2, metric: 2 },
  // Mscf/d to a tenth (100 scf); 10³m³/d to a thousandth (1 m³ ≈ 35 scf).
  gasRate: { imperial: 1, metric: 3 },
  // psi and kPa to a tenth: gauges read whole kPa, but a tenth keeps a typed 762.2 in view.
  pressure: { imperial: 1, metric: 1 },
  // Chokes are set in 64ths of an inch; a millimetre choke to a tenth.
  choke: { imperial: 0, metric: 1 },
  duration: { imperial: 1, metric: 1 },
  gasOilRatio: { imperial: 0, metric: 1 },
  percent: { imperial: 1, metric: 1 },
  length: { imperial: 0, metric: 1 },
};

/** Volumes (a rate × days): whole barrels and Mscf; m³ and 10³m³ to a tenth. */
export const VOLUME_DECIMALS: Record<'liquid' | 'gas', Record<UnitSystem, number>> = {
  liquid: { imperial: 0, metric: 1 },
  gas: { imperial: 0, metric: 1 },
};

export function fieldDecimals(field: ProductionField, system: UnitSystem): number {
  return DISPLAY_DECIMALS[FIELD_RULES[field].quantity][system];
}

/**
 * Decimals by unit label ("m³/d", "10³m³", "psi"), for places that know a value's unit and
 * not its quantity (a chart series, a table column). Labels are unique but for h and %,
 * which read alike in both systems.
 */
const DECIMALS_BY_UNIT: ReadonlyMap<string, number> = new Map([
  ...Object.entries(QUANTITIES).flatMap(([quantity, units]) =>
    (['imperial', 'metric'] as const).map(
      (system) => [units[system], DISPLAY_DECIMALS[quantity as Quantity][system]] as const,
    ),
  ),
  ['bbl', VOLUME_DECIMALS.liquid.imperial],
  ['m³', VOLUME_DECIMALS.liquid.metric],
  ['Mscf', VOLUME_DECIMALS.gas.imperial],
  ['10³m³', VOLUME_DECIMALS.gas.metric],
]);

export function unitDecimals(unit: string): number | undefined {
  return DECIMALS_BY_UNIT.get(unit);
}

const formats = new Map<number, Intl.NumberFormat>();

/** `value` to exactly `decimals` places, thousands grouped: "10,342.10". */
export function formatFixed(value: number, decimals: number): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, format);
  }
  // -0.004 to two places is "-0.00": a sign on nothing reads as a negative rate.
  const text = format.format(value);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
