import { describe, expect, it } from 'vitest';
import type { ScreeningStatus } from '#shared/desktop/index.js';
import {
  changeText,
  daysSince,
  laterScreeningStatus,
  screeningText,
  shownSparklines,
} from './screening-text.js';

const status = (over: Partial<ScreeningStatus>): ScreeningStatus => ({
  projectId: 'p',
  state: 'running',
  total: 300,
  done: 120,
  requests: 0,
  path: null,
  asOf: null,
  startedAt: null,
  finishedAt: null,
  error: null,
  ...over,
});

describe('screening columns', () => {
  it('counts whole days since the last producing day, none without one', () => {
    expect(daysSince('2026-11-20', '2026-11-24')).toBe(4);
    expect(daysSince('2026-11-24', '2026-11-24')).toBe(0);
    expect(daysSince('2025-12-31', '2026-03-01')).toBe(60);
    expect(daysSince(null, '2026-11-24')).toBeNull();
  });

  it('writes the change with its sign, to one decimal', () => {
    expect(changeText(-12.345)).toBe('-12.3%');
    expect(changeText(3)).toBe('+3%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(1510.24)).toBe('+1,510%');
    expect(changeText(-100)).toBe('-100%');
    expect(changeText(null)).toBe('—');
  });

  it('asks only for the sparklines of the columns shown', () => {
    expect(shownSparklines(['name', 'oilSparkline', 'waterSparkline'])).toEqual(['oil', 'water']);
    expect(shownSparklines(['name', 'oilChange'])).toEqual([]);
  });
});

describe('screening status line', () => {
  it('shows progress while the fill runs', () => {
    expect(screeningText(status({}), null, false)).toBe('Updating latest production… 120 of 300');
    expect(screeningText(status({ total: 2500, done: 1200 }), null, false)).toBe(
      'Updating latest production… 1,200 of 2,500',
    );
  });

  it('says nothing once current online, and how old the figures are offline', () => {
    const done = status({ state: 'done', done: 300, asOf: '2026-11-20T07:30:00.000Z' });
    expect(screeningText(done, null, false)).toBeNull();
    expect(screeningText(done, null, true)).toBe('Latest production as of 2026-11-20');
    expect(screeningText(status({ state: 'offline', asOf: null }), null, false)).toBe(
      'No latest production on this computer yet',
    );
  });

  it('says how far a cancelled fill got', () => {
    expect(screeningText(status({ state: 'cancelled', done: 125 }), null, false)).toBe(
      'Latest production updated for 125 of 300 wells, then cancelled',
    );
  });

  it('names a failure', () => {
    expect(screeningText(status({ state: 'failed', error: 'Token expired' }), null, false)).toBe(
      'Latest production could not be updated: Token expired',
    );
    expect(screeningText(undefined, 'Project p is not on this computer', false)).toBe(
      'Latest production could not be updated: Project p is not on this computer',
    );
  });
});

describe('the later status of a fill', () => {
  it('keeps the end of a run over its start, whichever arrives last', () => {
    const started = status({ done: 0, startedAt: '2026-11-24T09:00:00.000Z' });
    const ended = status({ state: 'done', done: 300, startedAt: '2026-11-24T09:00:00.000Z' });
    expect(laterScreeningStatus(ended, started)).toBe(ended);
    expect(laterScreeningStatus(started, ended)).toBe(ended);
    expect(laterScreeningStatus(undefined, started)).toBe(started);
  });

  it('takes a newer run, and the further one of the same run', () => {
    const old = status({ state: 'cancelled', done: 10, startedAt: '2026-11-24T09:00:00.000Z' });
    const fresh = status({ done: 0, startedAt: '2026-11-24T09:05:00.000Z' });
    expect(laterScreeningStatus(fresh, old)).toBe(fresh);
    const further = status({ done: 20, startedAt: '2026-11-24T09:05:00.000Z' });
    expect(laterScreeningStatus(further, fresh)).toBe(further);
  });
});
