import { describe, expect, it } from 'vitest';
import type { DownloadStatus } from '#shared/desktop/index.js';
import { laterDownloadStatus } from './later-status.js';

const RUN = '2026-03-01T09:00:00.000Z';

function status(overrides: Partial<DownloadStatus>): DownloadStatus {
  return {
    connectionId: 'con_acme',
    projectId: 'prj-1',
    state: 'running',
    from: '2025-01-01',
    to: '2025-12-31',
    done: 0,
    total: 0,
    alreadyCached: 0,
    failed: [],
    requestsDone: 0,
    requestsTotal: 0,
    records: 0,
    startedAt: RUN,
    finishedAt: null,
    etaMs: null,
    rateLimitedUntil: null,
    error: null,
    available: null,
    ...overrides,
  };
}

describe('laterDownloadStatus', () => {
  const starting = status({});
  const halfway = status({ done: 2, total: 4, requestsDone: 4, requestsTotal: 7 });
  const done = status({ state: 'done', done: 4, total: 4, requestsDone: 7, requestsTotal: 7 });

  it('keeps "done" when the start reply arrives after it', () => {
    expect(laterDownloadStatus(done, starting)).toBe(done);
    expect(laterDownloadStatus(starting, done)).toBe(done);
  });

  it('keeps the furthest progress of a running download', () => {
    expect(laterDownloadStatus(halfway, starting)).toBe(halfway);
    expect(laterDownloadStatus(starting, halfway)).toBe(halfway);
  });

  it('takes a later run over an earlier one, whatever their states', () => {
    const resumed = status({ startedAt: '2026-03-01T09:10:00.000Z' });
    const cancelled = status({ state: 'cancelled', requestsDone: 4 });
    expect(laterDownloadStatus(cancelled, resumed)).toBe(resumed);
    expect(laterDownloadStatus(resumed, cancelled)).toBe(resumed);
  });

  it('takes a report without a start time as it comes', () => {
    const idle = status({ state: 'idle', startedAt: null });
    expect(laterDownloadStatus(undefined, starting)).toBe(starting);
    expect(laterDownloadStatus(idle, starting)).toBe(starting);
    expect(laterDownloadStatus(done, idle)).toBe(idle);
  });
});
