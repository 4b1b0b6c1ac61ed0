import { daysInMonth, type Aggregation } from '#shared/api/index.js';
import type { PendingDeletion, RowSyncState } from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';
import type { DayWindow } from './zoom.js';

/**
 * Stretches of time whose rows have unsynced edits, drawn as shaded bands on every chart.
 * Two kinds, because the engineer acts on them differently: `pending` (queued or being
 * sent; nothing to do) and `problem` (rejected or in conflict; see "Sync problems").
 */
export type BandKind = 'pending' | 'problem';

export interface Band {
  /** Epoch days, both included. */
  from: number;
  to: number;
  kind: BandKind;
}

export function bandKind(state: RowSyncState): BandKind | null {
  if (state === 'synced') return null;
  return state === 'error' || state === 'conflict' ? 'problem' : 'pending';
}

/**
 * The bands of a production view: runs of unsynced rows of one kind with no calendar gap
 * between them (a monthly row covers its whole month), plus the pending deletions, whose
 * days have no row at all. Sorted by start.
 */
export function pendingBands(
  dates: readonly string[],
  states: readonly RowSyncState[],
  aggregation: Aggregation,
  deletions: readonly PendingDeletion[] = [],
): Band[] {
  const bands: Band[] = [];
  let open: Band | null = null;
  for (let i = 0; i < dates.length; i++) {
    const kind = bandKind(states[i] ?? 'synced');
    const date = dates[i] as string;
    const from = epochDay(date);
    if (kind === null) {
      open = null;
      continue;
    }
    const to = aggregation === 'monthly' ? from + monthLength(date) - 1 : from;
    if (open && open.kind === kind && from <= open.to + 1) {
      open.to = to;
    } else {
      open = { from, to, kind };
      bands.push(open);
    }
  }
  for (const deletion of deletions) {
    const kind = bandKind(deletion.state);
    if (kind) bands.push({ from: epochDay(deletion.from), to: epochDay(deletion.to), kind });
  }
  return bands.sort((a, b) => a.from - b.from);
}

/**
 * The bands worth drawing in a window: clipped to it; bands of one kind closer than
 * `minGap` days merged (thousands of scattered edits from an import must not become
 * thousands of SVG rectangles, and bands a pixel apart cannot be told apart anyway);
 * and each at least `minWidth` days wide, so a one-day edit in a five-year view shows.
 */
export function visibleBands(
  bands: readonly Band[],
  window: DayWindow,
  minGap: number,
  minWidth: number,
): Band[] {
  const merged: Band[] = [];
  const lastOfKind: Partial<Record<BandKind, Band>> = {};
  for (const band of bands) {
    if (band.to < window.from || band.from > window.to) continue;
    const clipped = {
      from: Math.max(band.from, window.from),
      to: Math.min(band.to, window.to),
      kind: band.kind,
    };
    const last = lastOfKind[band.kind];
    if (last && clipped.from - last.to <= minGap) {
      last.to = Math.max(last.to, clipped.to);
    } else {
      merged.push(clipped);
      lastOfKind[band.kind] = clipped;
    }
  }
  return merged.map((band) => {
    const width = band.to - band.from + 1;
    if (width >= minWidth) return band;
    const middle = (band.from + band.to) / 2;
    return { ...band, from: middle - minWidth / 2, to: middle + minWidth / 2 };
  });
}

/** How many rows of the view are not synced, by kind (for the chart caption). */
export function countUnsynced(states: readonly RowSyncState[]): Record<BandKind, number> {
  const counts: Record<BandKind, number> = { pending: 0, problem: 0 };
  for (const state of states) {
    const kind = bandKind(state);
    if (kind) counts[kind]++;
  }
  return counts;
}

function monthLength(date: string): number {
  return daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
}
