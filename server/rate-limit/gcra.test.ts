import { describe, expect, it } from 'vitest';
import { GcraLimiter } from './gcra.js';

const standard = { perMinute: 60, burst: 120 };

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('GcraLimiter', () => {
  it('allows a full burst at once, then refuses with Retry-After', () => {
    const time = clock();
    const limiter = new GcraLimiter(time.now);
    for (let i = 0; i < 120; i++) {
      const decision = limiter.take('t', standard);
      expect(decision.allowed).toBe(true);
      expect(decision.remaining).toBe(119 - i);
    }
    const refused = limiter.take('t', standard);
    expect(refused).toEqual({ allowed: false, limit: 60, remaining: 0, retryAfterSeconds: 1 });
  });

  it('refills at rate/60 per second', () => {
    const time = clock();
    const limiter = new GcraLimiter(time.now);
    for (let i = 0; i < 120; i++) limiter.take('t', standard);
    expect(limiter.take('t', standard).allowed).toBe(false);
    time.advance(999);
    expect(limiter.take('t', standard).allowed).toBe(false);
    time.advance(1);
    expect(limiter.take('t', standard).allowed).toBe(true);
    expect(limiter.take('t', standard).allowed).toBe(false);
    time.advance(10_000);
    let allowed = 0;
    while (limiter.take('t', standard).allowed) allowed++;
    expect(allowed).toBe(10);
  });

  it('keeps keys apart and honours each plan', () => {
    const time = clock();
    const limiter = new GcraLimiter(time.now);
    const enterprise = { perMinute: 1000, burst: 2000 };
    let a = 0;
    while (limiter.take('a', enterprise).allowed) a++;
    expect(a).toBe(2000);
    expect(limiter.take('b', standard).allowed).toBe(true);
  });

  it('gives Retry-After as whole seconds until one request is allowed', () => {
    const time = clock();
    const limiter = new GcraLimiter(time.now);
    const slow = { perMinute: 6, burst: 1 }; // one request per 10 s
    expect(limiter.take('t', slow).allowed).toBe(true);
    const refused = limiter.take('t', slow);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBe(10);
    time.advance(9_500);
    const later = limiter.take('t', slow);
    if (!later.allowed) expect(later.retryAfterSeconds).toBe(1);
    time.advance(500);
    expect(limiter.take('t', slow).allowed).toBe(true);
  });

  it('forgets keys whose bucket is full again once it holds too many', () => {
    const time = clock();
    const limiter = new GcraLimiter(time.now, 10);
    for (let i = 0; i < 11; i++) limiter.take(`k${i}`, standard);
    time.advance(60_000);
    limiter.take('fresh', standard);
    // All earlier buckets refilled, so each gets a full burst again.
    let count = 0;
    while (limiter.take('k0', standard).allowed) count++;
    expect(count).toBe(120);
  });
});
