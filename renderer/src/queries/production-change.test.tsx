import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_REREAD_SPACING_MS, invalidateProductionChange } from './production-change.js';

/**
 * A production change re-reads what it made stale: the well's own reads at once, the
 * project sums at most once a spacing (a replicating project announces a well every few
 * hundred milliseconds), and nothing of another well.
 */
const CHART: QueryKey = ['production', 'p1', 'w1', 'columns', '2026-01-01', '2026-03-31'];
const OTHER_WELL: QueryKey = ['production', 'p1', 'w2', 'columns', '2026-01-01', '2026-03-31'];
const FITS: QueryKey = ['decline', 'fits', 'p1', 'w1'];
const OTHER_FITS: QueryKey = ['decline', 'fits', 'p1', 'w2'];
const TOTALS: QueryKey = ['production', 'field-totals', { projectId: 'p1' }];
const PROJECTS: QueryKey = ['projects', 'list'];
const SETTINGS: QueryKey = ['decline', 'settings', 'p1'];

let client: QueryClient;

/** A query holding data, as a screen left it. */
function seed(key: QueryKey) {
  client.setQueryData(key, 'held');
}
const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
const fresh = (key: QueryKey) => {
  seed(key);
  expect(stale(key)).toBe(false);
};

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  for (const key of [CHART, OTHER_WELL, FITS, OTHER_FITS, TOTALS, PROJECTS, SETTINGS]) seed(key);
});
afterEach(() => {
  vi.useRealTimers();
});

const change = (wellId: string) =>
  ({ connectionId: 'c1', kind: 'production', projectId: 'p1', wellId }) as const;

describe('a production change', () => {
  it("re-reads the well's own reads and the project sums, not another well's", () => {
    invalidateProductionChange(client, change('w1'));
    expect([CHART, FITS, TOTALS, PROJECTS].map(stale)).toEqual([true, true, true, true]);
    expect([OTHER_WELL, OTHER_FITS, SETTINGS].map(stale)).toEqual([false, false, false]);
  });

  it('re-reads the project sums once per spacing however many wells change, the last included', () => {
    invalidateProductionChange(client, change('w1'));
    fresh(TOTALS);
    fresh(PROJECTS);
    for (let i = 0; i < 20; i++) invalidateProductionChange(client, change('w2'));
    // Each well's own reads at once; the sums wait for the spacing to end.
    expect(stale(OTHER_WELL)).toBe(true);
    expect(stale(TOTALS)).toBe(false);
    vi.advanceTimersByTime(PROJECT_REREAD_SPACING_MS);
    expect(stale(TOTALS)).toBe(true);
    expect(stale(PROJECTS)).toBe(true);
    // Nothing more changed: the next spacing ends without a re-read.
    fresh(TOTALS);
    vi.advanceTimersByTime(PROJECT_REREAD_SPACING_MS);
    expect(stale(TOTALS)).toBe(false);
    // Quiet again: the next change re-reads the sums at once.
    invalidateProductionChange(client, change('w1'));
    expect(stale(TOTALS)).toBe(true);
  });

  it('naming no well re-reads every production read', () => {
    invalidateProductionChange(client, { connectionId: 'c1', kind: 'production', projectId: 'p1' });
    expect([CHART, OTHER_WELL, FITS, OTHER_FITS, TOTALS, PROJECTS].every(stale)).toBe(true);
  });
});
