import { describe, expect, it } from 'vitest';
import type { ForecastAllStatus } from '#shared/desktop/index.js';
import {
  keptText,
  laterStatus,
  outcomeText,
  plural,
  progressPercent,
  progressText,
} from './forecast-all-text.js';

const running: ForecastAllStatus = {
  projectId: 'p1',
  state: 'running',
  stream: 'oil',
  total: 300,
  done: 120,
  fitted: 110,
  poor: [],
  skipped: [],
  kept: [],
  missingProduction: 0,
  fetching: 0,
  notWhole: 0,
  startedAt: '2025-01-01T00:00:00Z',
  finishedAt: null,
  error: null,
};

describe('Forecast all wells, in words', () => {
  it('says how far it is', () => {
    expect(progressText(running)).toBe('Fitting 120 of 300');
    expect(progressPercent(running)).toBe(40);
    expect(progressText({ ...running, total: 0, done: 0 })).toBe('Listing the wells…');
    expect(progressPercent({ ...running, total: 0, done: 0 })).toBe(0);
    // Online, the wells' history comes to this computer before the fits start.
    expect(progressText({ ...running, done: 0, fetching: 41 })).toBe(
      "Bringing 41 wells' history to this computer first…",
    );
    expect(progressText({ ...running, done: 0, fetching: 1 })).toBe(
      "Bringing 1 well's history to this computer first…",
    );
  });

  it('says which fits it kept and why, grouped', () => {
    const kept = (
      why: ForecastAllStatus['kept'][number]['why'],
      frequency: 'daily' | 'monthly',
    ) => ({ wellId: 'w', wellName: 'W', reason: 'Kept.', why, frequency });
    expect(keptText(running)).toBeNull();
    expect(keptText({ ...running, kept: [kept('edited', 'daily')] })).toBe(
      'Kept 1 fit edited by hand.',
    );
    expect(
      keptText({
        ...running,
        kept: [
          kept('frequency', 'daily'),
          kept('edited', 'monthly'),
          kept('frequency', 'daily'),
          kept('window', 'monthly'),
          kept('frequency', 'monthly'),
        ],
      }),
    ).toBe(
      'Kept 1 fit edited by hand, 2 saved on a daily basis, 1 saved on a monthly basis, ' +
        '1 saved over a window you chose.',
    );
    expect(keptText({ ...running, kept: [kept('window', 'daily'), kept('window', 'daily')] })).toBe(
      'Kept 2 fits saved over a window you chose.',
    );
  });

  it('says how it ended', () => {
    expect(outcomeText({ ...running, state: 'done', done: 300, fitted: 1280, total: 1300 })).toBe(
      'Done: 1,280 of 1,300 wells fitted (oil).',
    );
    expect(outcomeText({ ...running, state: 'cancelled', stream: 'gas' })).toBe(
      'Cancelled after 120 wells: 110 of 300 wells fitted (gas). Fits made so far are kept.',
    );
    expect(outcomeText({ ...running, state: 'failed', error: 'The disk is full.' })).toBe(
      'Stopped: The disk is full. 110 of 300 wells fitted (oil).',
    );
    expect(progressPercent({ ...running, state: 'done' })).toBe(100);
    expect(plural(1, 'well', 'wells')).toBe('1 well');
    expect(plural(2, 'well', 'wells')).toBe('2 wells');
  });
});

describe('reports of a run arriving out of order', () => {
  it('keeps the later one', () => {
    const done = { ...running, state: 'done' as const, done: 300 };
    expect(laterStatus(done, { ...running, done: 10 })).toBe(done);
    expect(laterStatus({ ...running, done: 10 }, running)).toBe(running);
    expect(laterStatus(running, { ...running, done: 10 })).toBe(running);
    const again = { ...running, startedAt: '2025-01-02T00:00:00Z', done: 0 };
    expect(laterStatus(done, again)).toBe(again);
    expect(laterStatus(again, done)).toBe(again);
    expect(laterStatus(undefined, running)).toBe(running);
  });
});
