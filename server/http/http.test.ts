import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '#shared/api/index.js';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';
import { appRouteShapes, routeShape } from '../testing/route-shapes.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe('HTTP behaviour', () => {
  it('gives every response an X-Request-Id, repeated in error bodies', async () => {
    h = await createHarness();
    const ok = await h.call('GET', '/api/v1/projects');
    expect(ok.headers['x-request-id']).toMatch(/^req_/);
    const missing = await h.call('GET', '/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    const outside = await h.call('GET', '/favicon.ico', { token: null });
    expect(outside.statusCode).toBe(404);
    expect(errorOf(outside).code).toBe('NOT_FOUND');
    // A client-sent id is not trusted.
    const spoofed = await h.call('GET', '/api/v1/projects', {
      headers: { 'x-request-id': 'mine' },
    });
    expect(spoofed.headers['x-request-id']).not.toBe('mine');
  });

  it('answers 405 with Allow for a known path and an unsupported method', async () => {
    h = await createHarness();
    const response = await h.call('PUT', '/api/v1/projects', { body: {} });
    expect(response.statusCode).toBe(405);
    expect(errorOf(response).code).toBe('METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('GET, POST');
    const project = await h.project();
    const onWell = await h.call('POST', `/api/v1/projects/${project}/wells/wel_x`, { body: {} });
    expect(onWell.statusCode).toBe(405);
    expect(onWell.headers.allow).toBe('GET, PATCH, DELETE');
  });

  it('refuses bodies that are not JSON with 415, malformed JSON with 400, oversized with 413', async () => {
    h = await createHarness();
    const form = await h.call('POST', '/api/v1/projects', {
      body: 'name=A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(errorOf(form).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const none = await h.call('POST', '/api/v1/projects');
    expect(none.statusCode).toBe(415);
    const charset = await h.call('POST', '/api/v1/projects', {
      body: JSON.stringify({ name: 'A' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.statusCode).toBe(201);
    const malformed = await h.call('POST', '/api/v1/projects', {
      body: '{"name": "A",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_ERROR');
    const empty = await h.call('POST', '/api/v1/projects', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    const huge = await h.call('POST', '/api/v1/projects', {
      body: { name: 'A', description: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    expect(h.db.prepare('SELECT COUNT(*) FROM projects').pluck().get()).toBe(1);
  });

  it('refuses missing, malformed, unknown, expired and revoked tokens with 401 and WWW-Authenticate', async () => {
    let now = new Date('2030-06-01T00:00:00Z');
    h = await createHarness({ now: () => now });
    const expiring = await h.store.tokens.create({
      user: 'eve',
      scopes: ['read:projects'],
      expires: '2030-06-02',
    });
    expect((await h.call('GET', '/api/v1/projects', { token: expiring })).statusCode).toBe(200);
    now = new Date('2030-06-02T00:00:00Z');
    const cases: Array<[string | null, Record<string, string>, RegExp]> = [
      [null, {}, /Authentication required/],
      [null, { authorization: 'Basic abc' }, /must be "Bearer <token>"/],
      ['flw_not-a-real-token', {}, /not valid/],
      [expiring, {}, /expired/],
    ];
    const revoked = await h.token('mallory');
    await h.store.tokens.revoke(revoked);
    cases.push([revoked, {}, /revoked/]);
    for (const [token, headers, message] of cases) {
      const response = await h.call('GET', '/api/v1/projects', { token, headers });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(errorOf(response).message).toMatch(message);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('rate-limits per token with the plan, sending Retry-After and X-RateLimit headers', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    h = await createHarness({ rateLimit: true, now: () => new Date(now) });
    const standard = await h.token('sam', undefined, 'standard');
    const first = await h.call('GET', '/api/v1/projects', { token: standard });
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('119');
    for (let i = 1; i < 120; i++) await h.call('GET', '/api/v1/projects', { token: standard });
    const limited = await h.call('GET', '/api/v1/projects', { token: standard });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('1');
    // Another token of another user is not affected.
    expect((await h.call('GET', '/api/v1/projects', { token: h.tokens.bob })).statusCode).toBe(200);
    now += 1000;
    expect((await h.call('GET', '/api/v1/projects', { token: standard })).statusCode).toBe(200);
    // Unauthenticated requests are limited per address, so token guessing is bounded.
    let refused = 0;
    for (let i = 0; i < 125; i++) {
      const response = await h.call('GET', '/api/v1/projects', { token: `flw_guess${i}` });
      if (response.statusCode === 429) refused++;
    }
    expect(refused).toBe(5);
  });

  it('serves /healthz and the OpenAPI document without a token', async () => {
    h = await createHarness();
    const health = await h.call('GET', '/healthz', { token: null });
    expect(health.json()).toEqual({ status: 'ok' });
    const openapi = await h.call('GET', '/api/v1/openapi.json', { token: null });
    expect(openapi.statusCode).toBe(200);
    const doc = openapi.json();
    expect(doc.openapi).toBe('3.1.0');
    // The document describes every route the app registers, and nothing else.
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map((method) => routeShape(method.toUpperCase(), path)),
    );
    expect(documented.sort()).toEqual(appRouteShapes(h).sort());
    expect(doc.components.schemas.Well.properties.status.enum).toEqual([
      'active',
      'inactive',
      'shut_in',
    ]);
    const wellsParams = doc.paths['/projects/{projectId}/wells'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(wellsParams).toEqual(['projectId', 'limit', 'cursor', 'type', 'status', 'search']);
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(
      Object.keys(ERROR_STATUS),
    );
  });

  it('turns an unexpected failure into INTERNAL_ERROR without internals', async () => {
    h = await createHarness();
    const project = await h.project();
    // The table a daily production read comes from (server/serialize/monthly-sums.ts).
    h.db.exec('DROP TABLE production_days');
    const well = await h.well(project);
    const response = await h.call('GET', `/api/v1/projects/${project}/wells/${well}/production`, {
      query: { from: '2024-01-01', to: '2024-01-02' },
    });
    expect(response.statusCode).toBe(500);
    const error = errorOf(response);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.message).not.toMatch(/production|sqlite|table|stack|at /i);
  });
});
