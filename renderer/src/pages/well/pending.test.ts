import { describe, expect, it } from 'vitest';
import type { RowSyncState } from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';
import { countUnsynced, pendingBands, visibleBands } from './pending.js';

const d = epochDay;

describe('pendingBands', () => {
  it('joins consecutive unsynced days of one kind and breaks on gaps and synced rows', () => {
    const dates = [
      '2024-01-01',
      '2024-01-02',
      '2024-01-03',
      '2024-01-05',
      '2024-01-06',
      '2024-01-07',
    ];
    const states: RowSyncState[] = ['pending', 'syncing', 'synced', 'pending', 'error', 'conflict'];
    expect(pendingBands(dates, states, 'daily')).toEqual([
      { from: d('2024-01-01'), to: d('2024-01-02'), kind: 'pending' },
      { from: d('2024-01-05'), to: d('2024-01-05'), kind: 'pending' },
      { from: d('2024-01-06'), to: d('2024-01-07'), kind: 'problem' },
    ]);
  });

  it('covers whole months for monthly rows, and adds pending deletions in order', () => {
    const bands = pendingBands(['2024-02-01', '2024-03-01'], ['pending', 'pending'], 'monthly', [
      { from: '2024-01-10', to: '2024-01-12', state: 'pending' },
      { from: '2024-05-01', to: '2024-05-01', state: 'synced' },
    ]);
    expect(bands).toEqual([
      { from: d('2024-01-10'), to: d('2024-01-12'), kind: 'pending' },
      { from: d('2024-02-01'), to: d('2024-03-31'), kind: 'pending' },
    ]);
  });
});

describe('visibleBands', () => {
  it('clips to the window, merges near bands of a kind and widens thin ones', () => {
    const bands = [
      { from: 0, to: 12, kind: 'pending' as const },
      { from: 14, to: 14, kind: 'pending' as const },
      { from: 14, to: 14, kind: 'problem' as const },
      { from: 40, to: 40, kind: 'pending' as const },
      { from: 200, to: 210, kind: 'pending' as const },
    ];
    expect(visibleBands(bands, { from: 10, to: 100 }, 2, 3)).toEqual([
      { from: 10, to: 14, kind: 'pending' },
      { from: 12.5, to: 15.5, kind: 'problem' },
      { from: 38.5, to: 41.5, kind: 'pending' },
    ]);
  });
});

describe('countUnsynced', () => {
  it('counts rows by kind', () => {
    expect(countUnsynced(['synced', 'pending', 'syncing', 'error'])).toEqual({
      pending: 2,
      problem: 1,
    });
  });
});
