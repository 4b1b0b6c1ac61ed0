import type { UnitSystem } from '../api/index.js';

/**
 * Rates per unit of lateral length, so wells drilled with different laterals compare:
 * per 1,000 ft in imperial projects, per 100 m in metric ones (the usual figures in US
 * and Canadian type curves; 100 m is about 328 ft, so metric numbers are about a third of
 * the imperial ones for the same well). The lateral length is the well's, in the
 * project's length unit (ft or m).
 */
export const LATERAL_BASIS: Record<UnitSystem, { length: number; label: string }> = {
  imperial: { length: 1000, label: 'per 1,000 ft' },
  metric: { length: 100, label: 'per 100 m' },
};

/** Whether a well can be normalised: a lateral length above zero is known. */
export function hasLateral(lateralLength: number | null): lateralLength is number {
  return lateralLength !== null && Number.isFinite(lateralLength) && lateralLength > 0;
}

/** Each rate × basis ÷ lateral length (nulls stay null). */
export function normalisePerLateral(
  rates: ReadonlyArray<number | null>,
  lateralLength: number,
  system: UnitSystem,
): Array<number | null> {
  if (!hasLateral(lateralLength)) {
    throw new RangeError(`lateral length ${lateralLength} must be a number above zero`);
  }
  const factor = LATERAL_BASIS[system].length / lateralLength;
  return rates.map((rate) => (rate === null ? null : rate * factor));
}
