import type { LossReason, WellLossRow } from '../../../../shared/desktop/index.js';

/** How a reason reads; "no event recorded" until events give a day its cause. */
export const REASON_LABEL: Record<LossReason, string> = {
  'shut-in': 'Shut in',
  'reduced-runtime': 'Reduced runtime',
};

/** One colour per reason, in the chart and its legend (≥ 3:1 against the panel). */
export const REASON_COLOUR: Record<LossReason, string> = {
  'shut-in': '#b91c1c',
  'reduced-runtime': '#b45309',
};

export const BASIS_LABEL: Record<WellLossRow['basis'], string> = {
  forecast: 'Forecast',
  trailing: 'Trailing 30 full days',
};

/** "2026-09" for a month's first day. */
export const monthText = (month: string) => month.slice(0, 7);
