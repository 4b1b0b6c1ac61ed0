import { describe, expect, it } from 'vitest';
import { replicaStatus } from '../testing/fixtures.js';
import { barSentence, headerText, leftOutText, progressOf } from './replica-text.js';

const NOW = new Date(2024, 10, 28, 15, 0);
const TODAY_1042 = new Date(2024, 10, 28, 10, 42).toISOString();
const YESTERDAY_1042 = new Date(2024, 10, 27, 10, 42).toISOString();

const bar = (overrides: Parameters<typeof replicaStatus>[0]) => {
  const status = replicaStatus(overrides);
  const { before, after } = barSentence(status, NOW);
  return `${before}${status.projectName}${after}`;
};

describe('the status bar says what keeping a project has got to', () => {
  it('counts whole wells while the history comes', () => {
    expect(bar({})).toBe('Keeping Permian Delaware Basin on this computer: 61 of 141 wells');
    expect(progressOf(replicaStatus())).toEqual({ now: 61, max: 141 });
  });

  it('counts the wells whose recent days are here while those come first', () => {
    expect(bar({ phase: 'recent', wellsRecent: 90, wellsComplete: 0 })).toBe(
      'Keeping Permian Delaware Basin on this computer: recent days: 90 of 141 wells',
    );
    expect(progressOf(replicaStatus({ phase: 'recent', wellsRecent: 90 }))).toEqual({
      now: 90,
      max: 141,
    });
  });

  it('says it is listing the wells before it knows how many, with no count to show', () => {
    const listing = { phase: 'wells' as const, wellsTotal: 0, wellsComplete: 0 };
    expect(bar(listing)).toBe('Keeping Permian Delaware Basin on this computer: listing wells…');
    expect(progressOf(replicaStatus(listing))).toBeNull();
  });

  it('says paused, waiting and offline with the count reached', () => {
    expect(bar({ state: 'paused', phase: null })).toBe(
      'Paused keeping Permian Delaware Basin on this computer: 61 of 141 wells',
    );
    expect(bar({ state: 'queued', phase: null })).toBe(
      'Waiting to keep Permian Delaware Basin on this computer: 61 of 141 wells',
    );
    expect(bar({ state: 'offline', phase: null })).toBe(
      'Keeping Permian Delaware Basin on this computer: 61 of 141 wells. Offline: it goes on when the server answers.',
    );
  });

  it('says quietly when the project is whole, with the time of the check', () => {
    expect(bar({ state: 'current', phase: null, wellsComplete: 141, asOf: TODAY_1042 })).toBe(
      'Permian Delaware Basin on this computer, as of 10:42',
    );
  });
});

describe("the project header's line", () => {
  it('gives the as-of with its day when not today', () => {
    expect(headerText(replicaStatus({ state: 'current', asOf: YESTERDAY_1042 }), NOW)).toBe(
      'On this computer · as of 27 Nov 10:42',
    );
  });

  it('says how far keeping has got, paused, or not kept', () => {
    expect(headerText(replicaStatus(), NOW)).toBe('Keeping on this computer: 61 of 141 wells');
    expect(headerText(replicaStatus({ state: 'paused', phase: null }), NOW)).toBe(
      'Paused: 61 of 141 wells on this computer',
    );
    expect(headerText(replicaStatus({ state: 'not-kept', phase: null }), NOW)).toBe(
      'Not kept on this computer',
    );
  });

  it('says which days the budget left out', () => {
    expect(leftOutText(replicaStatus({ leftOutBefore: '2019-03-01' }))).toBe(
      'Over budget: days before 2019-03-01 left out',
    );
    expect(leftOutText(replicaStatus())).toBeNull();
  });
});
