import { describe, expect, it } from 'vitest';
import { estimateRemainingMs } from './eta.js';

const free = { blockedUntil: 0, spacingMs: 0, rampMs: 0 };

describe('estimateRemainingMs', () => {
  it('knows nothing before the first answer, unless the plan says', () => {
    expect(
      estimateRemainingMs({ requestsLeft: 10, msPerRequest: null, limiter: null, now: 0 }),
    ).toBe(null);
    // Standard plan, burst spent: 10 requests at the limiter's pace (60 a minute, 5 % margin).
    const spent = { ...free, limit: 60, remaining: 0 };
    expect(
      estimateRemainingMs({ requestsLeft: 10, msPerRequest: null, limiter: spent, now: 0 }),
    ).toBe(10_500);
  });

  it('goes by the pace so far while the burst covers what is left', () => {
    const plenty = { ...free, limit: 1000, remaining: 1500 };
    expect(
      estimateRemainingMs({ requestsLeft: 300, msPerRequest: 5, limiter: plenty, now: 0 }),
    ).toBe(1_500);
  });

  it('never promises more than the plan allows beyond the burst', () => {
    // 130 left, 20 of the burst left of which the limiter spends 14 before pacing (it keeps
    // 10 % in hand): 116 at its pace, though the burst went at 4 ms a request.
    const low = { ...free, limit: 60, remaining: 20 };
    expect(estimateRemainingMs({ requestsLeft: 130, msPerRequest: 4, limiter: low, now: 0 })).toBe(
      121_800,
    );
  });

  it('counts a Retry-After hold as a floor, and nothing once all is done', () => {
    const held = { ...free, blockedUntil: 5_000 };
    expect(
      estimateRemainingMs({ requestsLeft: 2, msPerRequest: 10, limiter: held, now: 1_000 }),
    ).toBe(4_000);
    expect(estimateRemainingMs({ requestsLeft: 0, msPerRequest: 10, limiter: held, now: 0 })).toBe(
      0,
    );
  });
});
