import { formatFixed, unitDecimals } from '#shared/api/index.js';
import { formatDay, formatMonth } from '../../sync/dates.js';

/** How numbers and dates read on the well charts: axis ticks, tooltips, captions. */

/**
 * A value for a tooltip: enough digits to read a gauge, no false precision. Large
 * volumes lose their decimals; small ratios keep three significant digits.
 */
export function formatValue(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/**
 * A value of a known unit, to that unit's decimals (shared/api/display-precision.ts), as the
 * records grid shows it; a unit without a set precision (a normalised rate) as `formatValue`.
 */
export function formatInUnit(value: number, unit: string): string {
  const decimals = unitDecimals(unit);
  return decimals === undefined ? formatValue(value) : formatFixed(value, decimals);
}

/** An axis tick: short (1.2k, 3.4M) so ticks fit the fixed axis width every chart shares. */
export function formatTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e3) return `${trim(value / 1e3)}k`;
  return (abs >= 10 ? WHOLE : TWO_DECIMALS).format(value);
}

function trim(value: number): string {
  return (Math.abs(value) >= 100 ? WHOLE : ONE_DECIMAL).format(value);
}

// Built once: toLocaleString with options builds a formatter on every call, and axis
// labels are formatted on every redraw.
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A row's date: the day, or for a monthly row (dated the 1st) the month. */
export function formatRowDate(iso: string, monthly: boolean): string {
  return monthly ? formatMonth(iso) : formatDay(iso);
}
