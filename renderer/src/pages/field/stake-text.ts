import type { VolumeAtStake } from '#shared/quality/index.js';

/** "4,902 bbl oil", "18,000 Mscf gas", "0.4 m³ water"; "—" for a finding with no volume. */
export function stakeText(stake: VolumeAtStake | null): string {
  if (!stake) return '—';
  // Whole units from ten up: the estimate is no finer than that.
  const format = stake.volume >= 10 ? WHOLE : TENTHS;
  return `${format.format(stake.volume)} ${stake.unit} ${stake.stream}`;
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const TENTHS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
