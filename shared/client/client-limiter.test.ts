import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import type { FetchLike } from './transport.js';
import { ManualClock, flush } from './testing/fake-clock.js';

/**
 * The limiter as the client uses it, on an injected clock: a 429 holds every
 * request of the client, and a low X-RateLimit-Remaining paces them.
 */

const project = {
  id: 'p1',
  name: 'Field',
  description: '',
  timezone: 'UTC',
  unitSystem: 'imperial',
  wellCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/** A minimal Response: everything stays on the microtask queue the manual clock flushes. */
function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return {
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    text: async () => JSON.stringify(body),
  } as Response;
}

function setup(answer: (call: number) => Response) {
  const clock = new ManualClock();
  const sentAt: number[] = [];
  const fetch: FetchLike = async () => {
    sentAt.push(clock.now() - start);
    return answer(sentAt.length);
  };
  const start = clock.now();
  const client = new ApiClient({
    baseUrl: 'https://api.example.com/api/v1',
    token: 't',
    fetch,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0,
  });
  return { clock, client, sentAt };
}

describe('the client’s shared limiter', () => {
  it('holds every request of the client after a 429 until Retry-After has passed', async () => {
    const { clock, client, sentAt } = setup((call) =>
      call === 1
        ? reply(429, { error: { code: 'RATE_LIMITED', message: 'slow' } }, { 'retry-after': '10' })
        : reply(200, project),
    );
    const first = client.getProject('p1');
    await flush();
    expect(sentAt).toEqual([0]);
    // Other calls of the same client, started during the hold, wait too.
    const others = [
      client.getProject('p1'),
      client.listProjects().catch(() => null),
      client.getProject('p1'),
    ];
    await clock.advance(9_999);
    expect(sentAt).toEqual([0]);
    await clock.advance(10_000);
    await Promise.all([first, ...others]);
    expect(sentAt[1]).toBe(10_000);
    // Released one at a time after the hold (the ramp), not all at once.
    expect(new Set(sentAt.slice(1)).size).toBe(4);
    expect(sentAt.slice(1).every((at, i, all) => i === 0 || at - all[i - 1]! >= 800)).toBe(true);
  });

  it('paces at the advertised rate while X-RateLimit-Remaining is low', async () => {
    const { clock, client, sentAt } = setup(() =>
      reply(200, project, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '3' }),
    );
    await client.getProject('p1');
    const calls = Promise.all([1, 2, 3].map(() => client.getProject('p1')));
    await clock.advance(10_000);
    await calls;
    expect(sentAt).toEqual([0, 0, 1050, 2100]);
  });

  it('sends freely when the server says nothing about limits', async () => {
    const { client, sentAt } = setup(() => reply(200, project));
    await Promise.all(Array.from({ length: 20 }, () => client.getProject('p1')));
    expect(sentAt).toEqual(Array(20).fill(0));
  });

  it('can be turned off', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const client = new ApiClient({
      baseUrl: 'https://api.example.com/api/v1',
      token: 't',
      rateLimit: false,
      retry: { maxAttempts: 1 },
      now: clock.now,
      sleep: clock.sleep,
      fetch: async () => {
        calls++;
        return reply(
          429,
          { error: { code: 'RATE_LIMITED', message: 'slow' } },
          { 'retry-after': '10' },
        );
      },
    });
    await expect(client.getProject('p1')).rejects.toMatchObject({ status: 429 });
    await expect(client.getProject('p1')).rejects.toMatchObject({ status: 429 });
    expect(calls).toBe(2);
    expect(client.limiterState()).toBeNull();
  });
});
