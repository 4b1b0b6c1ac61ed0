import { expect } from 'vitest';
import { ApiClient } from '../api-client.js';
import { ApiCallError } from '../api-call-error.js';
import type { ApiClientOptions } from '../client-options.js';
import { instantClock } from './fake-clock.js';
import { json, startFakeServer, type FakeServer, type Step } from './fake-server.js';

/**
 * A client talking real HTTP to a scripted server, on an instant clock so
 * backoffs and Retry-After are recorded rather than waited for.
 */

export const projectBody = {
  id: 'p1',
  name: 'Field',
  description: '',
  timezone: 'UTC',
  unitSystem: 'imperial',
  wellCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
export const ok = json(200, projectBody);
export const created = json(201, projectBody);

/** Our error envelope with the given status and code. */
export const envelope = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: code, requestId: 'r' } }, headers);

let current: FakeServer | undefined;

/** Starts the scripted server (closing the previous one) and a client for it. */
export async function scriptedClient(steps: Step[], options: Partial<ApiClientOptions> = {}) {
  await closeScripted();
  current = await startFakeServer(steps);
  const clock = instantClock();
  const client = new ApiClient({
    baseUrl: current.baseUrl,
    token: 'tok',
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    timeoutMs: 2000,
    ...options,
  });
  return { client, clock, requests: current.requests, baseUrl: current.baseUrl };
}

/** For afterEach. */
export async function closeScripted(): Promise<void> {
  await current?.close();
  current = undefined;
}

/** The ApiCallError a call fails with (the test fails if it does not). */
export async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}
