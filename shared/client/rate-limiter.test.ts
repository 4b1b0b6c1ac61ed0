import { describe, expect, it } from 'vitest';
import { AdaptiveRateLimiter } from './rate-limiter.js';
import { ManualClock } from './testing/fake-clock.js';

function setup(options = {}) {
  const clock = new ManualClock();
  const limiter = new AdaptiveRateLimiter(clock, options);
  /** Start times of the requests `acquire` let through, relative to the start. */
  const starts: number[] = [];
  const t0 = clock.now();
  const go = (count: number, signal?: AbortSignal) =>
    Array.from({ length: count }, () =>
      limiter.acquire(signal).then((at) => {
        starts.push(at - t0);
        return at;
      }),
    );
  return { clock, limiter, starts, go, t0 };
}

describe('AdaptiveRateLimiter', () => {
  it('lets requests through at once while nothing says otherwise', async () => {
    const { go, starts } = setup();
    await Promise.all(go(50));
    expect(starts).toEqual(Array(50).fill(0));
  });

  it('holds every request until Retry-After has passed after a 429', async () => {
    const { clock, limiter, go, starts, t0 } = setup({ initialRampMs: 100 });
    limiter.observe({ status: 429, sentAt: t0, retryAfterMs: 3000 });
    const waiting = go(3);
    await clock.advance(2999);
    expect(starts).toEqual([]);
    await clock.advance(1000);
    await Promise.all(waiting);
    // Released one by one after the hold: the ramp spaces them out.
    expect(starts).toEqual([3000, 3100, 3200]);
  });

  it('ramps back up: each success shrinks the spacing until it is gone', async () => {
    const { limiter, t0 } = setup({ initialRampMs: 1000, rampDecay: 0.5 });
    limiter.observe({ status: 429, sentAt: t0, retryAfterMs: 0 });
    const spacings = [limiter.state().spacingMs];
    for (let i = 0; i < 8; i++) {
      limiter.observe({ status: 200, sentAt: t0 });
      spacings.push(limiter.state().spacingMs);
    }
    expect(spacings).toEqual([1000, 500, 250, 125, 62.5, 31.25, 15.625, 0, 0]);
  });

  it('escalates once for a burst of 429s sent before the first came back, and again for a later one', async () => {
    const { clock, limiter, t0 } = setup({ initialRampMs: 200 });
    for (let i = 0; i < 30; i++) limiter.observe({ status: 429, sentAt: t0, retryAfterMs: 1000 });
    expect(limiter.state()).toMatchObject({ rampMs: 200, blockedUntil: t0 + 1000 });
    await clock.advance(1000);
    const sentAt = await limiter.acquire();
    limiter.observe({ status: 429, sentAt, retryAfterMs: 1000 });
    expect(limiter.state()).toMatchObject({ rampMs: 400, blockedUntil: t0 + 2000 });
  });

  it('uses the advertised rate for the ramp and a hold of 1 s when Retry-After is missing', () => {
    const { limiter, t0 } = setup();
    limiter.observe({ status: 429, sentAt: t0, limit: 60, remaining: 0 });
    expect(limiter.state()).toMatchObject({
      blockedUntil: t0 + 1000,
      rampMs: 1050,
      limit: 60,
      remaining: 0,
    });
  });

  it('paces at the advertised per-minute rate while X-RateLimit-Remaining is low, not before', async () => {
    const { clock, limiter, go, starts, t0 } = setup();
    limiter.observe({ status: 200, sentAt: t0, limit: 120, remaining: 50 });
    expect(limiter.state().spacingMs).toBe(0);
    limiter.observe({ status: 200, sentAt: t0, limit: 120, remaining: 12 });
    expect(limiter.state().spacingMs).toBeCloseTo(525);
    const waiting = go(4);
    await clock.advance(10_000);
    await Promise.all(waiting);
    expect(starts).toEqual([0, 525, 1050, 1575]);
    limiter.observe({ status: 200, sentAt: t0, limit: 120, remaining: 90 });
    expect(limiter.state().spacingMs).toBe(0);
  });

  it('sends the waiters behind a hold that arrives while they wait', async () => {
    const { clock, limiter, go, starts, t0 } = setup({ initialRampMs: 500 });
    limiter.observe({ status: 200, sentAt: t0, limit: 60, remaining: 1 });
    const waiting = go(3); // paced at 1050 ms: 0, 1050, 2100
    await clock.advance(100);
    limiter.observe({ status: 429, sentAt: t0, retryAfterMs: 5000, limit: 60, remaining: 0 });
    await clock.advance(20_000);
    await Promise.all(waiting);
    expect(starts[0]).toBe(0);
    expect(starts.slice(1).every((start) => start >= 5100)).toBe(true);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(1050);
  });

  it('gives up waiting when the signal aborts', async () => {
    const { clock, limiter, t0 } = setup();
    limiter.observe({ status: 429, sentAt: t0, retryAfterMs: 60_000 });
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    await clock.advance(10);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(clock.pending).toBe(0);
  });

  it('ignores absurd headers', () => {
    const { limiter, t0 } = setup();
    limiter.observe({ status: 200, sentAt: t0, limit: 0, remaining: 0 });
    expect(limiter.state().spacingMs).toBe(0);
  });
});
