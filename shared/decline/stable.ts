/**
 * ln(1+x)/x and (eˣ−1)/x, continuous at x = 0 where both are 1. The Arps forms
 * divide by b, and for b near zero (down to denormals) the plain quotients lose
 * every digit, or give 0/b = 0 once b·D·t underflows. Below |x| = 1e-5 the
 * series is used; its truncation error there is below 1e-20.
 */
export function log1pOverX(x: number): number {
  if (Math.abs(x) < 1e-5) return 1 - x * (1 / 2 - x * (1 / 3 - x / 4));
  return Math.log1p(x) / x;
}

export function expm1OverX(x: number): number {
  if (Math.abs(x) < 1e-5) return 1 + x * (1 / 2 + x * (1 / 6 + x / 24));
  return Math.expm1(x) / x;
}
