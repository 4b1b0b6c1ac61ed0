/**
 * Whether a request needs a token is decided on the route the router matched, not
 * on how the client spelled the path: every spelling that reaches a private route
 * is authenticated and rate limited before its body is read, and every spelling
 * that reaches no route is a 404, rate limited per address, body unread.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;

const errorOrNull = (response: LightMyRequestResponse) =>
  response.statusCode >= 400 ? errorOf(response) : null;
afterEach(async () => {
  await h?.close();
});

/** Spellings the router decodes to GET /api/v1/projects (a valid token gets the list). */
const PRIVATE_SPELLINGS = [
  '/api/v1/projects',
  '/%61pi/v1/projects',
  '/%61%70%69/%76%31/%70%72%6f%6a%65%63%74%73',
  '/api/%761/projects',
  '/api/v1/proj%65cts',
];

/** The same, with a query that names a public path (the query does not route). */
const QUERY_TRICKS = ['/api/v1/projects?next=/healthz', '/%61pi/v1/projects?/api/v1/openapi.json'];

/**
 * Other spellings. Whether the router matches each one is the router's business;
 * the test holds that a request without a token is refused exactly where a valid
 * token would have reached a route.
 */
const ODD_SPELLINGS = [
  '/API/v1/projects',
  '/Api/V1/projects',
  '//api/v1/projects',
  '/api//v1/projects',
  '/api/v1//projects',
  '/api%2Fv1/projects',
  '/api/v1%2Fprojects',
  '/%2561pi/v1/projects',
  '/api/v1/./projects',
  '/api/v1/x/../projects',
  '/api/v1/openapi.json/../projects',
  '/healthz/../api/v1/projects',
  '/api/v1/projects%00',
  '/api/v1',
  '/api/v1/',
];

describe('authentication follows the matched route, however the path is spelled', () => {
  it('a valid token reaches the same resource through each encoded spelling', async () => {
    h = await createHarness();
    for (const url of PRIVATE_SPELLINGS) {
      const response = await h.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ data: [], total: 0 });
    }
  });

  it('without a token every spelling is 401 (or 404 when no route matches), each with X-RateLimit headers', async () => {
    h = await createHarness({ rateLimit: true, now: () => new Date('2030-01-01T00:00:00Z') });
    for (const url of [...PRIVATE_SPELLINGS, ...QUERY_TRICKS]) {
      const response = await h.call('GET', url, { token: null });
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).code, url).toBe('UNAUTHORIZED');
      expect(response.headers['x-ratelimit-limit'], url).toBe('60');
    }
    let unmatched = 0;
    for (const url of ODD_SPELLINGS) {
      const withToken = await h.call('GET', url, { token: h.tokens.alice });
      const response = await h.call('GET', url, { token: null });
      // A route that finds nothing is a 404 too; only "No resource at" means no route matched.
      const routed = !errorOrNull(withToken)?.message.startsWith('No resource at');
      if (!routed) unmatched++;
      expect(response.statusCode, url).toBe(routed ? 401 : 404);
      expect(errorOf(response).code, url).toBe(routed ? 'UNAUTHORIZED' : 'NOT_FOUND');
      expect(response.headers['x-ratelimit-limit'], url).toBe('60');
    }
    // Most of them reach nothing (case, doubled slashes, encoded slashes, double encoding).
    expect(unmatched).toBeGreaterThanOrEqual(10);
  });

  it('the per-address budget (burst 120) is spent by every spelling alike, then 429', async () => {
    h = await createHarness({ rateLimit: true, now: () => new Date('2030-01-01T00:00:00Z') });
    const spellings = [...PRIVATE_SPELLINGS, ...QUERY_TRICKS, ...ODD_SPELLINGS];
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const url = spellings[i % spellings.length] as string;
      const response = await h.call('POST', url, {
        token: `flw_guess${i}`,
        body: { name: 'x' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers['retry-after']).toBe('1');
    }
    expect(statuses.slice(0, 120).every((status) => status === 401 || status === 404)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
  });

  it('refuses a bad token with 401 before reading the body: malformed JSON and an oversized body alike', async () => {
    h = await createHarness({ rateLimit: true });
    const bodies: Array<[string, string]> = [
      ['malformed JSON', '{"name": '],
      ['a body past the 8 MiB limit', `{"name":"${'x'.repeat(9 * 1024 * 1024)}"}`],
      ['a deeply nested body', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
    ];
    for (const url of ['/api/v1/projects', '/%61pi/v1/projects', '/api/%761/projects']) {
      for (const [what, body] of bodies) {
        for (const token of [null, 'flw_notARealToken']) {
          const response = await h.call('POST', url, {
            token,
            body,
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode, `${url} with ${what}, token ${token}`).toBe(401);
          expect(errorOf(response).code).toBe('UNAUTHORIZED');
        }
      }
    }
  });

  it('answers a path no route matches with 404 before reading its body, whatever the media type', async () => {
    h = await createHarness();
    for (const [type, body] of [
      ['application/json', '{"name": '],
      ['text/plain', 'hello'],
      ['application/json', `{"name":"${'x'.repeat(9 * 1024 * 1024)}"}`],
    ] as const) {
      const response = await h.call('POST', '/API/v1/projects', {
        token: null,
        body,
        headers: { 'content-type': type },
      });
      expect(response.statusCode, type).toBe(404);
      expect(errorOf(response).message).toBe('No resource at POST /API/v1/projects');
    }
  });

  it('keeps the public routes public, however they are spelled', async () => {
    h = await createHarness();
    for (const url of ['/healthz', '/%68ealthz', '/healthz?x=/api/v1/projects']) {
      const response = await h.call('GET', url, { token: null });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    for (const url of ['/api/v1/openapi.json', '/%61pi/v1/openapi%2Ejson']) {
      const response = await h.call('GET', url, { token: null });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().openapi).toBe('3.1.0');
    }
    // The methods a public route lacks are 405 without a token, like the route itself.
    const post = await h.call('POST', '/api/v1/openapi.json', { token: null, body: {} });
    expect(post.statusCode).toBe(405);
  });
});
