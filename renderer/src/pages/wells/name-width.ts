import { useCallback, useMemo, useState } from 'react';

/**
 * The wells table's name column: as wide as the names need (measured in the table's font),
 * or as wide as the person dragged it (remembered per project). Bounds keep one very long
 * name from pushing every number off the screen, and a column too narrow to read.
 */
export const NAME_WIDTH = { min: 140, max: 420, default: 164 } as const;

const STORAGE_KEY = 'flowline.wells.nameWidth';
/** Cell padding (8 + 8), the offline dot beside a name (6 + 8 margin), and a little air. */
const NAME_CELL_EXTRA = 16 + 14 + 6;

export function clampNameWidth(width: number): number {
  return Math.round(Math.min(NAME_WIDTH.max, Math.max(NAME_WIDTH.min, width)));
}

/** The width the longest of `names` needs, in the table's own font; null without a canvas. */
export function neededNameWidth(names: readonly string[]): number | null {
  if (names.length === 0) return null;
  const context = measuringContext();
  if (!context) return null;
  // Each name is measured once per font: a scroll brings a window of names mostly seen before.
  const font = context.font;
  let widest = 0;
  for (const name of names) {
    const key = `${font}\u0000${name}`;
    let width = measured.get(key);
    if (width === undefined) {
      width = context.measureText(name).width;
      if (measured.size >= MEASURED_MAX) measured.clear();
      measured.set(key, width);
    }
    widest = Math.max(widest, width);
  }
  return clampNameWidth(widest + NAME_CELL_EXTRA);
}

/** Widths already measured, by font and name; cleared whole when it reaches its bound. */
const measured = new Map<string, number>();
const MEASURED_MAX = 50_000;

let canvas: HTMLCanvasElement | null = null;
/**
 * The rows' font by table element, read once: reading the computed style lays the page out
 * first, which a keystroke that changed the rows paid for again.
 */
const fonts = new WeakMap<Element, string>();

function measuringContext(): CanvasRenderingContext2D | null {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  // The rows' font as the page sets it (a cell inherits the table's).
  const table = document.querySelector('.virtual-table') ?? document.body;
  let font = fonts.get(table);
  if (font === undefined) {
    const style = getComputedStyle(table);
    font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily || 'sans-serif'}`;
    fonts.set(table, font);
  }
  context.font = font;
  return context;
}

/**
 * The name column's width for a project: the person's, else what the names seen so far
 * need. It only grows while the table is open (scrolling must not make the column jump
 * narrower), and `names` are those of the rows loaded.
 */
export function useNameWidth(
  projectId: string,
  names: readonly string[],
): [number, (width: number) => void] {
  const [chosen, setChosen] = useState(() => ({ projectId, width: readWidth(projectId) }));
  const [fitted, setFitted] = useState<{ projectId: string; width: number }>({
    projectId,
    width: NAME_WIDTH.default,
  });
  let own = chosen;
  if (chosen.projectId !== projectId) {
    own = { projectId, width: readWidth(projectId) };
    setChosen(own);
  }
  // Once per window of rows, not on every render: a scroll renders the table every frame, and
  // measuring reads the table's computed style, which forces the page to lay out again.
  const needed = useMemo(() => neededNameWidth(names), [names]);
  const base = fitted.projectId === projectId ? fitted.width : NAME_WIDTH.default;
  if (needed !== null && needed > base) setFitted({ projectId, width: needed });
  else if (fitted.projectId !== projectId) setFitted({ projectId, width: NAME_WIDTH.default });
  const set = useCallback(
    (width: number) => {
      const next = clampNameWidth(width);
      writeWidth(projectId, next);
      setChosen({ projectId, width: next });
    },
    [projectId],
  );
  return [own.width ?? Math.max(base, needed ?? 0), set];
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readWidth(projectId: string): number | null {
  const value = readAll()[projectId];
  return typeof value === 'number' && Number.isFinite(value) ? clampNameWidth(value) : null;
}

function writeWidth(projectId: string, width: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [projectId]: width }));
  } catch {
    // Storage full or refused: the width holds for this session.
  }
}
