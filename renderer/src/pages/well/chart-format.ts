/** How numbers and dates read on the well charts: axis ticks, tooltips, captions. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A value for a tooltip: enough digits to read a gauge, no false precision. Large
 * volumes lose their decimals; small ratios keep three significant digits.
 */
export function formatValue(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
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

/** 2024-03-05 as "5 Mar 2024": unambiguous in every locale. */
export function formatLongDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** A monthly row is dated the 1st; it reads as the month. */
export function formatRowDate(iso: string, monthly: boolean): string {
  if (!monthly) return formatLongDay(iso);
  const [year, month] = iso.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}
