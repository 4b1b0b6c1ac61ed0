import {
  QUANTITIES,
  fromStored,
  toStored,
  type Quantity,
  type UnitSystem,
} from '#shared/api/index.js';

/**
 * The cache keeps physical quantities in imperial units, as the API stores
 * them, so a project switched to metric on the server leaves cached numbers
 * valid. Two conversions sit at its edges:
 *
 * IN (`toCacheValue`): a metric value on the wire was rounded by the server to
 * 12 significant digits (shared/api/units `fromStored`), so several imperial
 * values show as it and `toStored` alone returns a neighbour of the server's
 * value, not the value itself (4554.9 psi comes back as 4554.90000000688).
 * Monthly means computed from such neighbours then differ from the server's
 * in the 12th digit. So we cache the short decimal (at most 4 decimals, which
 * is what gauges and typed imperial values have) that shows exactly as the
 * wire value when there is one, and `toStored`'s quotient otherwise, which is
 * exactly what the server stored for values typed in metric. Either way,
 * converting back gives the wire value to the last bit (checked).
 *
 * OUT (`displayConverter`): `fromStored` rounds with toPrecision, which costs
 * ~0.4 µs; twenty years of nine series is 65,700 values, 26 ms. The converter
 * does the same rounding with arithmetic (~20 ns) and falls back to toPrecision
 * wherever the arithmetic could disagree, so its results are identical.
 */

const MAX_DECIMALS = 4;
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** True when a stored value is also what `system` shows (imperial, or a factor of 1). */
export function isIdentity(quantity: Quantity, system: UnitSystem): boolean {
  return system === 'imperial' || QUANTITIES[quantity].factor === 1;
}

/** A value as the API sent it in `system`, as the cache stores it (imperial). */
export function toCacheValue(quantity: Quantity, wire: number, system: UnitSystem): number {
  if (isIdentity(quantity, system)) return wire;
  const quotient = toStored(quantity, wire, system);
  const tolerance = Math.abs(quotient) * 1e-11;
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals++) {
    const scale = POW10[decimals] as number;
    const candidate = Math.round(quotient * scale) / scale;
    if (
      Math.abs(candidate - quotient) <= tolerance &&
      fromStored(quantity, candidate, system) === wire
    ) {
      return candidate;
    }
  }
  return quotient;
}

/** `toCacheValue` for a nullable member. */
export function toCacheNullable(
  quantity: Quantity,
  wire: number | null,
  system: UnitSystem,
): number | null {
  return wire === null ? null : toCacheValue(quantity, wire, system);
}

/** Number(y.toPrecision(12)), computed without strings for the usual magnitudes. */
export function roundTo12Digits(y: number): number {
  const a = Math.abs(y);
  if (!(a >= 1e-10 && a < 1e11)) return Number(y.toPrecision(12));
  let exponent = Math.floor(Math.log10(a));
  let scaled = a * (POW10[11 - exponent] as number);
  // log10 may be one off right at a power of ten; the scaled value tells.
  if (scaled >= 1e12) scaled = a * (POW10[11 - ++exponent] as number);
  else if (scaled < 1e11) scaled = a * (POW10[11 - --exponent] as number);
  const scale = POW10[11 - exponent];
  const whole = Math.floor(scaled);
  const fraction = scaled - whole;
  // `scaled` is within 2^-13 of the exact product; near a tie only toPrecision can decide.
  if (scale === undefined || Math.abs(fraction - 0.5) < 1e-3) return Number(y.toPrecision(12));
  // An integer below 2^53 divided by an exact power of ten: correctly rounded,
  // hence the same double that parsing toPrecision's decimal string gives.
  const rounded = (fraction > 0.5 ? whole + 1 : whole) / scale;
  return y < 0 ? -rounded : rounded;
}

export type DisplayConverter = (stored: number) => number;

const identity: DisplayConverter = (value) => value;

/** A stored (imperial) value as `system` shows it: identical to `fromStored`, faster. */
export function displayConverter(quantity: Quantity, system: UnitSystem): DisplayConverter {
  if (isIdentity(quantity, system)) return identity;
  const { factor } = QUANTITIES[quantity];
  return (stored) => roundTo12Digits(stored * factor);
}
