import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The main window's size and place, remembered in window-state.json under userData. */
export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
  fullScreen: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_WINDOW_STATE: WindowState = {
  width: 1280,
  height: 800,
  maximized: false,
  fullScreen: false,
};
const MIN = { width: 640, height: 480 };
const MAX_SIDE = 100_000;
/** How much of the window must lie on a screen for the saved place to be kept. */
const VISIBLE = { width: 120, height: 60 };

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Whatever the file holds, a usable state: anything odd falls back to the defaults. */
export function parseWindowState(text: string | null | undefined): WindowState {
  if (!text) return { ...DEFAULT_WINDOW_STATE };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_WINDOW_STATE };
  const value = raw as Record<string, unknown>;
  const state: WindowState = {
    width: isInt(value.width, MIN.width, MAX_SIDE) ? value.width : DEFAULT_WINDOW_STATE.width,
    height: isInt(value.height, MIN.height, MAX_SIDE) ? value.height : DEFAULT_WINDOW_STATE.height,
    maximized: value.maximized === true,
    fullScreen: value.fullScreen === true,
  };
  if (isInt(value.x, -MAX_SIDE, MAX_SIDE) && isInt(value.y, -MAX_SIDE, MAX_SIDE)) {
    state.x = value.x;
    state.y = value.y;
  }
  return state;
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Keeps the saved place only if enough of the window's top lies on a screen that exists now
 * (a monitor may have been unplugged); otherwise the window is centred on the primary screen.
 * The size never exceeds the primary screen's work area.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0];
  if (!primary) return state;
  const width = Math.max(MIN.width, Math.min(state.width, primary.width));
  const height = Math.max(MIN.height, Math.min(state.height, primary.height));
  const fitted: WindowState = {
    width,
    height,
    maximized: state.maximized,
    fullScreen: state.fullScreen,
  };
  if (state.x === undefined || state.y === undefined) return fitted;
  const titleBar: Rect = { x: state.x, y: state.y, width: state.width, height: VISIBLE.height };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= VISIBLE.width && shared.height >= VISIBLE.height;
  });
  if (visible) {
    fitted.x = state.x;
    fitted.y = state.y;
    fitted.width = state.width;
    fitted.height = state.height;
  }
  return fitted;
}

export function loadWindowState(file: string): WindowState {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
}

/** Written whole to a temporary file and renamed: a crash never leaves half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The part of a BrowserWindow the tracker needs (so it is testable without Electron). */
export interface TrackedWindow {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isFullScreen(): boolean;
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
}

export function captureWindowState(win: TrackedWindow): WindowState {
  const bounds = win.getNormalBounds();
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    maximized: win.isMaximized(),
    fullScreen: win.isFullScreen(),
  };
}

/** Saves after moves and resizes settle (so a crash loses little) and when the window closes. */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  debounceMs = 500,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    try {
      save(captureWindowState(win));
    } catch {
      // Remembering the window is a nicety; failing to must never disturb the app.
    }
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveNow, debounceMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', saveNow);
  return saveNow;
}
