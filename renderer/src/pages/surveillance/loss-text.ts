import type { CauseVolume, LossReason, WellLossRow } from '#shared/desktop/index.js';

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

/**
 * A colour per cause, in the order the result lists them (largest first): recorded reasons
 * take the palette, days without an event the two greys, so what nobody has explained yet
 * stands apart. Each colour keeps 3:1 against the panel.
 */
const CAUSE_PALETTE = [
  '#b91c1c',
  '#1d4ed8',
  '#047857',
  '#7c3aed',
  '#b45309',
  '#be185d',
  '#0e7490',
  '#4d7c0f',
];
const UNRECORDED_COLOURS = ['#57534e', '#78716c'];

export function causeColours(causes: readonly CauseVolume[]): Map<string, string> {
  const colours = new Map<string, string>();
  let recorded = 0;
  let unrecorded = 0;
  for (const cause of causes) {
    colours.set(
      cause.cause,
      cause.recorded
        ? (CAUSE_PALETTE[recorded++ % CAUSE_PALETTE.length] as string)
        : (UNRECORDED_COLOURS[unrecorded++ % UNRECORDED_COLOURS.length] as string),
    );
  }
  return colours;
}

/** "ESP failure 1,200 bbl; Facility 300 bbl" for a well's causes, the largest first. */
export function causesText(
  causes: readonly CauseVolume[],
  volume: (value: number) => string,
  unit: string,
): string {
  return causes.map((cause) => `${cause.cause} ${volume(cause.volume)} ${unit}`).join('; ');
}

/** A CSV cell of a well's causes: "ESP failure: 1200.5; Facility: 300", exact volumes. */
export function causesCell(causes: readonly CauseVolume[]): string {
  return causes.map((cause) => `${cause.cause}: ${cause.volume}`).join('; ');
}

/**
 * A well's causes in a table cell: the recorded reasons by name, the days no event explains
 * together ("Facility 4,157 · no event 5,087 bbl").
 */
export function causesShort(
  causes: readonly CauseVolume[],
  volume: (value: number) => string,
  unit: string,
): string {
  const recorded = causes.filter((cause) => cause.recorded);
  const unexplained = causes
    .filter((cause) => !cause.recorded)
    .reduce((sum, cause) => sum + cause.volume, 0);
  const parts = recorded.map((cause) => `${cause.cause} ${volume(cause.volume)}`);
  if (unexplained > 0) parts.push(`no event ${volume(unexplained)}`);
  return parts.length === 0 ? '—' : `${parts.join(' · ')} ${unit}`;
}
