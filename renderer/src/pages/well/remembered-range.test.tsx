import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_RANGE, rangeForWell, REMEMBERED_WELLS, rememberRange } from './remembered-range.js';

// A .tsx test: the dom project gives it jsdom's localStorage.
afterEach(() => localStorage.clear());

describe('the range a well opens on', () => {
  it('is the whole life the first time', () => {
    expect(rangeForWell('prj_1', 'wel_1')).toEqual({ preset: 'All' });
    expect(FIRST_RANGE).toEqual({ preset: 'All' });
  });

  it('is the last preset or custom range chosen for that well, and only that well', () => {
    rememberRange('prj_1', 'wel_1', { preset: '1Y' });
    rememberRange('prj_1', 'wel_2', { custom: { from: '2019-03-01', to: '2019-06-30' } });
    expect(rangeForWell('prj_1', 'wel_1')).toEqual({ preset: '1Y' });
    expect(rangeForWell('prj_1', 'wel_2')).toEqual({
      custom: { from: '2019-03-01', to: '2019-06-30' },
    });
    expect(rangeForWell('prj_2', 'wel_1')).toEqual({ preset: 'All' });
    rememberRange('prj_1', 'wel_1', { custom: { from: '2020-01-01', to: '2020-12-31' } });
    expect(rangeForWell('prj_1', 'wel_1')).toEqual({
      custom: { from: '2020-01-01', to: '2020-12-31' },
    });
  });

  it('ignores what it cannot understand: the well opens on its life', () => {
    localStorage.setItem(
      'flowline.well.range',
      JSON.stringify({
        'prj_1/wel_1': { preset: '2W' },
        'prj_1/wel_2': { from: '2020-12-31', to: '2020-01-01' },
        'prj_1/wel_3': 'All',
      }),
    );
    for (const well of ['wel_1', 'wel_2', 'wel_3']) {
      expect(rangeForWell('prj_1', well)).toEqual({ preset: 'All' });
    }
    localStorage.setItem('flowline.well.range', '{not json');
    expect(rangeForWell('prj_1', 'wel_1')).toEqual({ preset: 'All' });
  });

  it('forgets the longest-unvisited well beyond its limit', () => {
    for (let i = 0; i <= REMEMBERED_WELLS; i++) {
      rememberRange('prj_1', `wel_${i}`, { preset: '3M' });
    }
    expect(rangeForWell('prj_1', 'wel_0')).toEqual({ preset: 'All' });
    expect(rangeForWell('prj_1', 'wel_1')).toEqual({ preset: '3M' });
    expect(rangeForWell('prj_1', `wel_${REMEMBERED_WELLS}`)).toEqual({ preset: '3M' });
  });
});
