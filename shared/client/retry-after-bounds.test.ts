import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { ManualClock } from './testing/fake-clock.js';
import { startFakeServer, type FakeServer } from './testing/fake-server.js';
import {
  closeScripted,
  envelope,
  failure,
  ok,
  scriptedClient as setup,
} from './testing/scripted-client.js';
import { MAX_RETRY_WAIT_MS } from './retry-policy.js';
import { defaultSleep } from './transport.js';

/**
 * Whatever a server puts in Retry-After, over real HTTP: the client waits at
 * most an hour, reads fractions and dates sensibly, falls back to its backoff
 * for the rest, never arms a timer Node would have to clamp, and a caller can
 * always cut a wait short with retryNow().
 */

let warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
const overflows = () => warnings.filter((w) => w.name === 'TimeoutOverflowWarning');
/** process.emitWarning delivers on a later tick. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});

afterEach(async () => {
  process.off('warning', onWarning);
  await closeScripted();
});

describe('Retry-After, bounded', () => {
  // Backoff of the first retry with random() = 0.5: half of 250 ms.
  const BACKOFF = 125;
  const SERVED = 'Wed, 15 Jan 2025 12:00:00 GMT';
  const cases: Array<[string, Record<string, string>, number]> = [
    ['a month in seconds waits the hour', { 'Retry-After': '3000000' }, MAX_RETRY_WAIT_MS],
    ['a negative value falls back to the backoff', { 'Retry-After': '-5' }, BACKOFF],
    ['a fraction is rounded up to the second', { 'Retry-After': '1.5' }, 2000],
    [
      'a date counts from the response Date',
      { 'Retry-After': 'Wed, 15 Jan 2025 12:00:42 GMT', Date: SERVED },
      42_000,
    ],
    [
      'a date already past falls back to the backoff',
      { 'Retry-After': 'Wed, 15 Jan 2025 11:59:00 GMT', Date: SERVED },
      BACKOFF,
    ],
    ['garbage falls back to the backoff', { 'Retry-After': 'soon, promise' }, BACKOFF],
  ];

  for (const [name, headers, expected] of cases) {
    it(name, async () => {
      const { client, clock, requests } = await setup(
        [envelope(429, 'RATE_LIMITED', headers), ok],
        // Sleeps through anything, to show the wait it chose; no limiter, to see only the policy.
        { retry: { maxRetryAfterMs: Infinity }, rateLimit: false },
      );
      expect(await client.getProject('p1')).toMatchObject({ id: 'p1' });
      expect(requests).toHaveLength(2);
      expect(clock.sleeps).toEqual([expected]);
    });
  }

  it('hands a wait over maxRetryAfterMs to the caller, and the limiter does not hang the next call', async () => {
    let time = Date.UTC(2025, 0, 15, 12);
    const server = await startFakeServer([
      envelope(429, 'RATE_LIMITED', { 'Retry-After': '3000000' }),
      ok,
    ]);
    try {
      // Real sleeps; only the clock is held still, so the hold left is exact.
      const client = new ApiClient({ baseUrl: server.baseUrl, token: 'tok', now: () => time });
      expect(await failure(client.getProject('p1'))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        retryAfterMs: MAX_RETRY_WAIT_MS,
      });
      time += 60_000;
      // The limiter holds the hour: the next call fails at once instead of waiting it out.
      expect(await failure(client.getProject('p1'))).toMatchObject({
        status: 429,
        code: 'RATE_LIMIT_HOLD',
        retryAfterMs: MAX_RETRY_WAIT_MS - 60_000,
      });
      expect(server.requests).toHaveLength(1);
      client.retryNow();
      expect(await client.getProject('p1')).toMatchObject({ id: 'p1' });
      expect(server.requests).toHaveLength(2);
      await settle();
      expect(overflows()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('arms real timers no longer than the bound, and retryNow cuts a real wait short', async () => {
    let server: FakeServer | undefined;
    try {
      server = await startFakeServer([
        envelope(429, 'RATE_LIMITED', { 'Retry-After': '3000000' }),
        ok,
      ]);
      // The default (real) sleep, seen on its way, told to sleep through the whole hour.
      const slept: number[] = [];
      const client = new ApiClient({
        baseUrl: server.baseUrl,
        token: 'tok',
        retry: { maxRetryAfterMs: Infinity },
        sleep: (ms, signal) => {
          slept.push(ms);
          return defaultSleep(ms, signal);
        },
      });
      const call = client.getProject('p1');
      while (slept.length < 1) await settle();
      client.retryNow();
      expect(await call).toMatchObject({ id: 'p1' });
      expect(slept).toEqual([MAX_RETRY_WAIT_MS]);
      expect(server.requests).toHaveLength(2);

      const controller = new AbortController();
      const sleeping = defaultSleep(3_000_000_000, controller.signal);
      controller.abort();
      await expect(sleeping).rejects.toMatchObject({ name: 'AbortError' });
      await settle();
      expect(overflows()).toEqual([]);

      // The check itself sees a real overflow (Node warns, then fires after 1 ms).
      clearTimeout(setTimeout(() => undefined, 2 ** 31));
      await settle();
      expect(overflows()).toHaveLength(1);
    } finally {
      await server?.close();
    }
  });

  it('wakes a request waiting in the limiter queue or before its retry', async () => {
    const clock = new ManualClock();
    const server = await startFakeServer([
      envelope(429, 'RATE_LIMITED', { 'Retry-After': '60' }),
      ok,
    ]);
    try {
      const client = new ApiClient({
        baseUrl: server.baseUrl,
        token: 'tok',
        now: clock.now,
        sleep: clock.sleep,
        retry: { maxRetryAfterMs: 120_000 },
      });
      const first = client.getProject('p1');
      while (clock.pending < 1) await settle();
      const second = client.getProject('p1'); // queued behind the hold
      while (clock.pending < 2) await settle();
      client.retryNow();
      // Both go now, not in a minute; still spaced by the limiter's ramp after a 429 (1 s).
      const [done] = await Promise.race([first, second].map((call) => call.then(() => [true])));
      expect(done).toBe(true);
      expect(clock.now()).toBe(1_000_000);
      while (clock.pending < 1) await settle();
      await clock.advance(1_000);
      await expect(first).resolves.toMatchObject({ id: 'p1' });
      await expect(second).resolves.toMatchObject({ id: 'p1' });
      expect(clock.sleeps).toEqual([60_000, 60_000, 1_000]);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
