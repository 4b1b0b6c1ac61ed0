/**
 * Arps decline curves, as reservoir engineers fit them to unconventional wells.
 *
 * A pure hyperbolic with b ≥ 1 never declines fast enough late in life (its
 * cumulative is unbounded), so forecasts use the "modified hyperbolic": the
 * hyperbolic until its instantaneous decline rate falls to a terminal Dmin,
 * exponential at Dmin after that. The demo does the same, so its late-life
 * tails look like real ones rather than flattening out.
 */
export interface ArpsParameters {
  /** Initial rate (any rate unit; the result is in the same unit). */
  qi: number;
  /** Initial nominal decline, per year. */
  diPerYear: number;
  /** Hyperbolic exponent; 0 < b (0.3–1.5 in the demo). */
  b: number;
  /** Terminal nominal decline, per year (typically 0.05–0.10). */
  dMinPerYear: number;
}

const DAYS_PER_YEAR = 365.25;

/** Returns q(t) for t in days since first production. */
export function modifiedHyperbolic({
  qi,
  diPerYear,
  b,
  dMinPerYear,
}: ArpsParameters): (days: number) => number {
  if (!(qi >= 0 && diPerYear > 0 && b > 0 && dMinPerYear > 0)) {
    throw new RangeError('Arps parameters must be positive');
  }
  const di = diPerYear / DAYS_PER_YEAR;
  const dMin = dMinPerYear / DAYS_PER_YEAR;
  const exponent = -1 / b;
  // D(t) = Di / (1 + b·Di·t) reaches Dmin at t* = (Di/Dmin − 1) / (b·Di).
  const switchDay = di > dMin ? (di / dMin - 1) / (b * di) : 0;
  const switchRate = qi * Math.pow(1 + b * di * switchDay, exponent);
  return (days) =>
    days < switchDay
      ? qi * Math.pow(1 + b * di * days, exponent)
      : switchRate * Math.exp(-dMin * (days - switchDay));
}
