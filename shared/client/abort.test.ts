import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { isAbortError } from './api-call-error.js';
import {
  json,
  silence,
  startFakeServer,
  type FakeServer,
  type Step,
} from './testing/fake-server.js';

/** A caller's abort ends the call at once, whatever it is doing, as an AbortError, and is never retried. */

let fake: FakeServer | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(steps: Step[]) {
  fake = await startFakeServer(steps);
  // Real timers: these tests are about cutting real waits short.
  return {
    client: new ApiClient({ baseUrl: fake.baseUrl, token: 'tok' }),
    requests: fake.requests,
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
}

const wellsPage = (cursor: string | null) =>
  json(200, {
    data: [
      {
        id: `w-${cursor}`,
        projectId: 'p',
        name: 'W',
        type: 'producer',
        status: 'active',
        createdAt: 'x',
      },
    ],
    nextCursor: cursor,
    total: 3,
  });

describe('abort', () => {
  it('does not send anything when the signal is already aborted', async () => {
    const { client, requests } = await setup([json(200, {})]);
    const error = await rejection(client.listProjects({}, { signal: AbortSignal.abort() }));
    expect(isAbortError(error)).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('cuts a request in flight short and does not retry it', async () => {
    const { client, requests } = await setup([silence]);
    const controller = new AbortController();
    const started = Date.now();
    const pending = rejection(client.getProject('p', { signal: controller.signal }));
    await until(() => requests.length === 1);
    controller.abort();
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(requests).toHaveLength(1);
  });

  it('cuts a Retry-After wait short', async () => {
    const { client, requests } = await setup([
      json(503, { error: { code: 'UNAVAILABLE', message: 'later' } }, { 'Retry-After': '30' }),
    ]);
    const controller = new AbortController();
    const started = Date.now();
    const pending = rejection(client.getProject('p', { signal: controller.signal }));
    // Aborted once the server has the request (whatever the machine's speed): the client
    // is then in, or about to start, its 30 s wait.
    while (requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(isAbortError(await pending)).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(requests).toHaveLength(1);
  });

  it('cuts a wait for the rate limiter short', async () => {
    fake = await startFakeServer([
      json(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }, { 'Retry-After': '60' }),
    ]);
    const { requests } = fake;
    const client = new ApiClient({
      baseUrl: fake.baseUrl,
      token: 'tok',
      retry: { maxAttempts: 1 },
    });
    // Not retried (one attempt), but the limiter now holds every request for 60 s.
    await expect(client.listProjects()).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 60_000,
    });
    expect(requests).toHaveLength(1);
    expect(client.limiterState()?.blockedUntil).toBeGreaterThan(Date.now() + 50_000);
    const controller = new AbortController();
    const pending = rejection(client.listProjects({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(isAbortError(await pending)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('keeps the caller’s own AbortError, and wraps any other reason', async () => {
    const { client, requests } = await setup([silence]);
    const mine = new DOMException('user left the page', 'AbortError');
    const one = new AbortController();
    const first = rejection(client.getProject('p', { signal: one.signal }));
    one.abort(mine); // before the request leaves
    expect(await first).toBe(mine);
    expect(requests).toHaveLength(0);

    const two = new AbortController();
    const second = rejection(client.getProject('p', { signal: two.signal }));
    await until(() => requests.length === 1);
    two.abort('stop'); // in flight
    const error = (await second) as Error;
    expect(error.name).toBe('AbortError');
    expect(error.cause).toBe('stop');
  });

  it('stops pagination between pages', async () => {
    const { client, requests } = await setup([wellsPage('c1'), wellsPage('c2'), wellsPage(null)]);
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const well of client.iterateWells('p', {}, { signal: controller.signal })) {
          seen.push(well.id);
          controller.abort();
        }
      })(),
    );
    expect(isAbortError(error)).toBe(true);
    expect(seen).toEqual(['w-c1']);
    expect(requests).toHaveLength(1);
  });

  it('stops a chunked upsert between chunks', async () => {
    const { client, requests } = await setup([json(200, { inserted: 2, updated: 0, total: 2 })]);
    const controller = new AbortController();
    const records = Array.from({ length: 6 }, (_, i) => ({ date: `2024-01-0${i + 1}` }));
    const error = await rejection(
      client.upsertProductionChunked('p', 'w', records, {
        chunkSize: 2,
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.chunk === 1) controller.abort();
        },
      }),
    );
    expect(isAbortError(error)).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
