import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  loadWindowState,
  parseWindowState,
  saveWindowState,
  trackWindowState,
  type TrackedWindow,
} from './window-state.js';

const screen = { x: 0, y: 0, width: 1920, height: 1080 };
const second = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('window state', () => {
  it('reads what it wrote, and defaults for anything odd', () => {
    const state = { x: 100, y: 50, width: 1400, height: 900, maximized: true, fullScreen: false };
    expect(parseWindowState(JSON.stringify(state))).toEqual(state);
    for (const odd of [
      null,
      '',
      '{',
      '[]',
      'null',
      '{"width":"big"}',
      '{"width":10,"height":10}',
    ]) {
      expect(parseWindowState(odd)).toMatchObject({ width: 1280, height: 800 });
    }
    expect(parseWindowState('{"width":1000,"height":700,"x":1.5,"y":2}')).not.toHaveProperty('x');
  });

  it('keeps the place when the window is on a screen that exists', () => {
    const state = { ...DEFAULT_WINDOW_STATE, x: 2000, y: 100, width: 1400, height: 900 };
    expect(fitToDisplays(state, [screen, second])).toMatchObject({
      x: 2000,
      y: 100,
      width: 1400,
      height: 900,
    });
  });

  it('centres the window when its screen was unplugged', () => {
    const state = { ...DEFAULT_WINDOW_STATE, x: 2000, y: 100 };
    const fitted = fitToDisplays(state, [screen]);
    expect(fitted.x).toBeUndefined();
    expect(fitted.y).toBeUndefined();
  });

  it('never makes the window larger than the primary screen when it must move it', () => {
    const state = { ...DEFAULT_WINDOW_STATE, width: 5000, height: 3000 };
    expect(fitToDisplays(state, [screen])).toMatchObject({ width: 1920, height: 1080 });
  });

  it('saves atomically and loads back; a missing file gives the defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowline-window-'));
    try {
      const file = join(dir, 'nested', 'window-state.json');
      expect(loadWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
      const state = { x: 1, y: 2, width: 1000, height: 700, maximized: false, fullScreen: true };
      saveWindowState(file, state);
      expect(loadWindowState(file)).toEqual(state);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('trackWindowState', () => {
  afterEach(() => vi.useRealTimers());

  it('saves once moves settle, and at once on close', () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    let bounds = { x: 10, y: 20, width: 1000, height: 700 };
    const win: TrackedWindow = {
      getNormalBounds: () => bounds,
      isMaximized: () => false,
      isFullScreen: () => false,
      on: (event, listener) => listeners.set(event, listener),
    };
    const save = vi.fn();
    trackWindowState(win, save, 500);
    listeners.get('move')!();
    bounds = { ...bounds, x: 30 };
    listeners.get('resize')!();
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledOnce();
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ x: 30, width: 1000 }));
    listeners.get('close')!();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
