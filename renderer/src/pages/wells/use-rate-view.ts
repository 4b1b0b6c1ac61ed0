import { useCallback, useState } from 'react';
import { DEFAULT_RATE_BASIS, isRateBasis, type RateBasis } from '#shared/production/rate-basis.js';

/** Where the wells table's rate basis and status choice are remembered (per project). */
const STORAGE_KEY = 'flowline.wells.rates';

/** How the wells table shows and ranks latest rates. */
export interface RateView {
  rateBasis: RateBasis;
  /** Leave out inactive and shut-in wells. */
  hideInactive: boolean;
}

export const DEFAULT_RATE_VIEW: RateView = { rateBasis: DEFAULT_RATE_BASIS, hideInactive: false };

/**
 * The rate basis and the "hide inactive and shut-in" choice of a project's wells table,
 * remembered across restarts like the column choice (use-column-choice.ts), but per project:
 * a field of steady producers and one of new wells may be screened each its own way.
 */
export function useRateView(projectId: string): [RateView, (change: Partial<RateView>) => void] {
  const [state, setState] = useState(() => ({ projectId, view: readView(projectId) }));
  // Another project: its own choice, read while rendering (no frame with the last one's).
  let current = state;
  if (state.projectId !== projectId) {
    current = { projectId, view: readView(projectId) };
    setState(current);
  }
  const change = useCallback(
    (next: Partial<RateView>) =>
      setState((previous) => {
        const view = { ...previous.view, ...next };
        writeView(previous.projectId, view);
        return { projectId: previous.projectId, view };
      }),
    [],
  );
  return [current.view, change];
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A project's remembered view; each member its default when missing or not understood. */
export function readView(projectId: string): RateView {
  const stored = readAll()[projectId];
  const value = typeof stored === 'object' && stored !== null ? (stored as Partial<RateView>) : {};
  return {
    rateBasis: isRateBasis(value.rateBasis) ? value.rateBasis : DEFAULT_RATE_VIEW.rateBasis,
    hideInactive:
      typeof value.hideInactive === 'boolean' ? value.hideInactive : DEFAULT_RATE_VIEW.hideInactive,
  };
}

function writeView(projectId: string, view: RateView): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [projectId]: view }));
  } catch {
    // Storage full or refused: the choice holds for this session.
  }
}
