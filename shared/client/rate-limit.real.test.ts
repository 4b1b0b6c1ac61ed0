import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { startTestServer, type TestServer } from './testing/real-server.js';

/**
 * The real server with rate limiting on and a Standard-plan token (60/min,
 * burst 120): a burst of 150 requests must all succeed, the client holding
 * everything after the first 429 instead of hammering. About 30 s, because
 * the server lets the 30 requests beyond the burst through at one per second.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ rateLimit: true, plan: 'standard' });
});

afterAll(async () => {
  await server.close();
});

describe('rate limiting against the real server', () => {
  it('gets a burst of 150 requests through, pausing on 429', async () => {
    const starts: number[] = [];
    const throttled: Array<{ at: number; retryAfter: string | null }> = [];
    const client = new ApiClient({
      baseUrl: server.baseUrl,
      token: server.token,
      fetch: async (url, init) => {
        starts.push(Date.now());
        const response = await fetch(url, init);
        if (response.status === 429)
          throttled.push({ at: Date.now(), retryAfter: response.headers.get('retry-after') });
        return response;
      },
    });
    const project = await client.createProject({ name: 'Burst' });

    const results = await Promise.allSettled(
      Array.from({ length: 150 }, () => client.getProject(project.id)),
    );

    const failures = results.filter((result) => result.status === 'rejected');
    expect(failures).toEqual([]);
    // The server really did push back, with Retry-After in seconds…
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((entry) => /^\d+$/.test(entry.retryAfter ?? ''))).toBe(true);
    // …and the client did not hammer: the first wave’s overflow (≈ 30) and hardly any more.
    expect(throttled.length).toBeLessThan(40);
    // Nothing new left during the hold that followed the first 429.
    const first = throttled[0]!;
    const holdEnd = first.at + Number(first.retryAfter) * 1000;
    const sentDuringHold = starts.filter((at) => at > first.at + 5 && at < holdEnd - 50);
    expect(sentDuringHold).toEqual([]);
    // The client learnt the advertised rate and paces at it.
    expect(client.limiterState()).toMatchObject({ limit: 60 });
  }, 120_000);
});
