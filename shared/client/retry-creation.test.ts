import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { instantClock } from './testing/fake-clock.js';
import { reset, silence } from './testing/fake-server.js';
import {
  closeScripted,
  created,
  envelope,
  failure,
  scriptedClient as setup,
} from './testing/scripted-client.js';

/**
 * Creating a project or well is not idempotent: a blind retry after the
 * request may have reached the server could create a duplicate.
 */

afterEach(closeScripted);

describe('creations are not retried blindly', () => {
  it('not after a connection reset: the project may exist', async () => {
    const { client, requests } = await setup([reset, created]);
    expect(await failure(client.createProject({ name: 'Field' }))).toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
    expect(requests).toHaveLength(1);
  });

  it('not after a timeout', async () => {
    const { client, requests } = await setup([silence, created], { timeoutMs: 100 });
    expect(await failure(client.createWell('p1', { name: 'W' }))).toMatchObject({
      code: 'TIMEOUT',
    });
    expect(requests).toHaveLength(1);
  });

  it('not after 500, 502 or 504: the server may have acted', async () => {
    for (const status of [500, 502, 504]) {
      const { client, requests } = await setup([envelope(status, 'X'), created]);
      expect(await failure(client.createProject({ name: 'Field' }))).toMatchObject({ status });
      expect(requests).toHaveLength(1);
    }
  });

  it('but after 429 and 503, which are sent before acting', async () => {
    const { client, requests, clock } = await setup([
      envelope(429, 'RATE_LIMITED', { 'Retry-After': '2' }),
      envelope(503, 'UNAVAILABLE', { 'Retry-After': '5' }),
      created,
    ]);
    expect(await client.createProject({ name: 'Field' })).toMatchObject({ id: 'p1' });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(clock.sleeps.slice(0, 2)).toEqual([2000, 5000]);
  });

  it('and after a refused connection, when nothing was sent', async () => {
    const { baseUrl, requests } = await setup([created]);
    let calls = 0;
    const clock = instantClock();
    const client = new ApiClient({
      baseUrl,
      token: 't',
      now: clock.now,
      sleep: clock.sleep,
      fetch: (url, init) => {
        calls++;
        if (calls === 1) {
          const refused = Object.assign(new Error('connect ECONNREFUSED'), {
            code: 'ECONNREFUSED',
          });
          return Promise.reject(new TypeError('fetch failed', { cause: refused }));
        }
        return fetch(url, init);
      },
    });
    expect(await client.createProject({ name: 'Field' })).toMatchObject({ id: 'p1' });
    expect(requests).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
