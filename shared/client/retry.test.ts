import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { instantClock } from './testing/fake-clock.js';
import { cutMidBody, json, reset, silence, startFakeServer, text } from './testing/fake-server.js';
import {
  closeScripted,
  envelope,
  failure,
  ok,
  scriptedClient as setup,
} from './testing/scripted-client.js';

/** The retry loop for safe requests, over real HTTP to a scripted server. */

afterEach(closeScripted);

describe('retries of safe requests', () => {
  it('retries 502 (HTML), 503 and 504, then succeeds, with full-jitter backoff', async () => {
    const { client, clock, requests } = await setup([
      text(502, 'text/html', '<h1>Bad Gateway</h1>'),
      envelope(503, 'UNAVAILABLE'),
      text(504, 'text/plain', 'Gateway Timeout'),
      ok,
    ]);
    expect(await client.getProject('p1')).toMatchObject({ id: 'p1' });
    expect(requests).toHaveLength(4);
    // random() = 0.5 of windows 250, 500, 1000.
    expect(clock.sleeps).toEqual([125, 250, 500]);
  });

  it('retries 408, 429 and 500 too', async () => {
    const { client, requests } = await setup([
      envelope(408, 'TIMEOUT'),
      envelope(500, 'INTERNAL_ERROR'),
      envelope(429, 'RATE_LIMITED'),
      ok,
    ]);
    await client.getProject('p1');
    expect(requests).toHaveLength(4);
  });

  it('honours Retry-After in seconds over the backoff', async () => {
    const { client, clock } = await setup([
      envelope(429, 'RATE_LIMITED', { 'Retry-After': '7' }),
      ok,
    ]);
    await client.getProject('p1');
    expect(clock.sleeps).toEqual([7000]);
  });

  it('honours Retry-After as an HTTP date, counted from the response Date', async () => {
    // The server's clock is a day ahead of ours: only its own Date makes 42 s of it.
    const served = instantClock().now() + 86_400_000;
    const at = new Date(served + 42_000).toUTCString();
    const { client, clock } = await setup([
      envelope(503, 'UNAVAILABLE', { 'Retry-After': at, Date: new Date(served).toUTCString() }),
      ok,
    ]);
    await client.getProject('p1');
    expect(clock.sleeps).toEqual([42_000]);
  });

  it('retries a connection reset and a body cut off mid-way', async () => {
    const { client, requests } = await setup([reset, cutMidBody, ok]);
    expect(await client.getProject('p1')).toMatchObject({ id: 'p1' });
    expect(requests).toHaveLength(3);
  });

  it('retries PATCH, DELETE and the production upsert after a reset, sending the same body', async () => {
    const ingest = json(200, { inserted: 1, updated: 0, total: 1 });
    const { client, requests } = await setup([
      reset,
      ok,
      reset,
      ingest,
      reset,
      json(200, { deleted: 1 }),
      reset,
      (_q, response) => {
        response.writeHead(204);
        response.end();
      },
    ]);
    await client.updateProject('p1', { name: 'New' });
    await client.upsertProduction('p1', 'w1', [{ date: '2024-01-01', oil_rate: 1 }]);
    await client.deleteProduction('p1', 'w1', { from: '2024-01-01', to: '2024-01-31' });
    await client.deleteWell('p1', 'w1');
    expect(requests.map((request) => request.method)).toEqual([
      'PATCH',
      'PATCH',
      'POST',
      'POST',
      'DELETE',
      'DELETE',
      'DELETE',
      'DELETE',
    ]);
    expect(requests[2]?.body).toBe(requests[3]?.body);
  });

  it('times out a silent server, retries, and reports TIMEOUT with status 0', async () => {
    const { client, requests } = await setup([silence], {
      timeoutMs: 100,
      retry: { maxAttempts: 2 },
    });
    const error = await failure(client.listProjects());
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(requests).toHaveLength(2);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { client, requests, clock } = await setup([envelope(503, 'UNAVAILABLE')], {
      retry: { maxAttempts: 3 },
    });
    expect(await failure(client.getProject('p1'))).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      requestId: 'r',
    });
    expect(requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([125, 250]);
  });

  it('caps the backoff window at maxDelayMs', async () => {
    const { client, clock } = await setup([envelope(500, 'INTERNAL_ERROR')], {
      random: () => 0.999,
      retry: { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 3000 },
    });
    await failure(client.getProject('p1'));
    expect(clock.sleeps).toEqual([999, 1998, 2997, 2997, 2997]);
  });

  it('does not retry client errors, nor a Retry-After beyond maxRetryAfterMs', async () => {
    const { client, requests } = await setup(
      [envelope(400, 'VALIDATION_ERROR'), envelope(429, 'RATE_LIMITED', { 'Retry-After': '3600' })],
      {
        retry: { maxRetryAfterMs: 60_000 },
      },
    );
    await failure(client.listProjects());
    expect(requests).toHaveLength(1);
    expect(await failure(client.listProjects())).toMatchObject({
      status: 429,
      retryAfterMs: 3_600_000,
    });
    expect(requests).toHaveLength(2);
  });

  it('reports a refused connection as NETWORK_ERROR with status 0', async () => {
    const probe = await startFakeServer([ok]);
    const baseUrl = probe.baseUrl;
    await probe.close();
    const clock = instantClock();
    const client = new ApiClient({
      baseUrl,
      token: 't',
      now: clock.now,
      sleep: clock.sleep,
      retry: { maxAttempts: 2 },
    });
    const error = await failure(client.listProjects());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(clock.sleeps).toHaveLength(1);
  });
});
