import { checkCustomRange, PRESET_KEYS, type IsoRange, type Preset } from './date-range.js';

/**
 * The range a person last chose for each well, remembered across restarts: a well opens
 * on its whole life the first time, then on what was chosen for it last ("1Y" to check a
 * recent change, a custom range around a workover). A preset is kept as the preset, so
 * "1Y" stays the last year as the days go by.
 */
export type ChosenRange = { preset: Preset } | { custom: IsoRange };

/** Opened first: the well's whole life, first production to today. */
export const FIRST_RANGE: ChosenRange = { preset: 'All' };

const STORAGE_KEY = 'flowline.well.range';
/** Wells remembered; the longest unvisited is forgotten first, so storage stays small. */
export const REMEMBERED_WELLS = 500;

function keyOf(projectId: string, wellId: string): string {
  return `${projectId}/${wellId}`;
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A stored choice, checked as if typed: anything not understood is no choice. */
function parseChoice(stored: unknown): ChosenRange | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const value = stored as { preset?: unknown; from?: unknown; to?: unknown };
  if (typeof value.preset === 'string' && (PRESET_KEYS as string[]).includes(value.preset)) {
    return { preset: value.preset as Preset };
  }
  if (typeof value.from === 'string' && typeof value.to === 'string') {
    const check = checkCustomRange(value.from, value.to);
    return check.ok ? { custom: check.range } : null;
  }
  return null;
}

/** The range to open this well on: the last one chosen for it, else its whole life. */
export function rangeForWell(projectId: string, wellId: string): ChosenRange {
  return parseChoice(readAll()[keyOf(projectId, wellId)]) ?? FIRST_RANGE;
}

export function rememberRange(projectId: string, wellId: string, choice: ChosenRange): void {
  const all = readAll();
  const key = keyOf(projectId, wellId);
  // Re-inserted last: object keys keep insertion order, so the first keys are the oldest.
  delete all[key];
  all[key] = 'preset' in choice ? { preset: choice.preset } : choice.custom;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED_WELLS))) delete all[old];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the choice holds while the well is open.
  }
}
