import type { DeclineStream, WellVarianceRow } from '#shared/desktop/index.js';

/** The streams the surveillance tabs offer, as their switch reads them. */
export const STREAM_OPTIONS: Array<[DeclineStream, string]> = [
  ['oil', 'Oil'],
  ['gas', 'Gas'],
  ['water', 'Water'],
];

const VOLUME = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SIGNED = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const PERCENT = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

export const volumeText = (value: number | null) => (value === null ? '—' : VOLUME.format(value));
export const varianceText = (value: number | null) => (value === null ? '—' : SIGNED.format(value));
export const percentText = (value: number | null) =>
  value === null ? '—' : `${PERCENT.format(value)} %`;

/** The sum over a group of wells, and its % of the group's forecast. */
export interface GroupTotal {
  wells: number;
  actual: number;
  forecast: number;
  volumeVariance: number;
  percentVariance: number | null;
}

/** Summed over the rows with a forecast; null when none has one. */
export function groupTotal(rows: readonly WellVarianceRow[]): GroupTotal | null {
  let wells = 0;
  let actual = 0;
  let forecast = 0;
  for (const row of rows) {
    if (row.actual === null || row.forecast === null) continue;
    wells++;
    actual += row.actual;
    forecast += row.forecast;
  }
  if (wells === 0) return null;
  return {
    wells,
    actual,
    forecast,
    volumeVariance: actual - forecast,
    percentVariance: forecast > 0 ? (100 * (actual - forecast)) / forecast : null,
  };
}

export const FIT_LABEL: Record<WellVarianceRow['fit'], string> = {
  current: 'Saved fit',
  stale: 'Stale fit',
  none: 'No fit',
};
