/** Rounding and trend shapes shared by the record generators. */

/** Field data is reported to a tenth (rates, pressures) or a hundredth (watercut). */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Moves from `from` towards `to` with time constant `tau` (days): most trends here do. */
export function settle(from: number, to: number, days: number, tau: number): number {
  return to + (from - to) * Math.exp(-days / tau);
}
