/**
 * Headers every response carries: `Cache-Control: no-store` (API answers hold a
 * user's data or a verdict on their token, never to be kept by a cache) and the
 * `X-RateLimit-*` pair, public routes and 404s included.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const FIXED_NOW = () => new Date('2030-01-01T00:00:00Z');

/** One response of each kind the API gives, named for the failure message. */
async function responsesOfEveryKind(): Promise<Array<[string, LightMyRequestResponse]>> {
  const projectId = await h.project();
  const wellId = await h.well(projectId);
  const reader = await h.token('reader', ['read:projects']);
  const production = `/api/v1/projects/${projectId}/wells/${wellId}/production`;
  return [
    ['200 list', await h.call('GET', '/api/v1/projects')],
    [
      '200 production',
      await h.call('GET', production, { query: { from: '2024-01-01', to: '2024-01-31' } }),
    ],
    ['201 create', await h.call('POST', '/api/v1/projects', { body: { name: 'Headers' } })],
    ['204 delete', await h.call('DELETE', `/api/v1/projects/${await h.project()}`)],
    ['400 body', await h.call('POST', '/api/v1/projects', { body: { name: '' } })],
    ['401 no token', await h.call('GET', '/api/v1/projects', { token: null })],
    ['401 bad token', await h.call('GET', '/api/v1/projects', { token: 'flw_nope' })],
    ['403 scope', await h.call('POST', '/api/v1/projects', { token: reader, body: { name: 'x' } })],
    ['404 resource', await h.call('GET', '/api/v1/projects/prj_missing')],
    ['404 no route', await h.call('GET', '/api/v1/nothing', { token: null })],
    ['404 outside the API', await h.call('GET', '/favicon.ico', { token: null })],
    ['404 malformed escape', await h.call('GET', '/api/v1/projects/%zz', { token: null })],
    ['405', await h.call('PUT', '/api/v1/projects', { body: {} })],
    [
      '413',
      await h.call('POST', '/api/v1/projects', { body: { name: 'x'.repeat(9 * 1024 * 1024) } }),
    ],
    [
      '415',
      await h.call('POST', '/api/v1/projects', {
        body: 'name=x',
        headers: { 'content-type': 'text/plain' },
      }),
    ],
    ['200 healthz', await h.call('GET', '/healthz', { token: null })],
    ['200 HEAD healthz', await h.call('HEAD', '/healthz', { token: null })],
    ['200 openapi', await h.call('GET', '/api/v1/openapi.json', { token: null })],
  ];
}

describe('response headers', () => {
  it('sends Cache-Control: no-store on every response, errors included', async () => {
    h = await createHarness();
    const responses = await responsesOfEveryKind();
    for (const [kind, response] of responses) {
      expect(response.headers['cache-control'], kind).toBe('no-store');
    }
    expect(responses.map(([, response]) => response.statusCode)).toEqual([
      200, 200, 201, 204, 400, 401, 401, 403, 404, 404, 404, 404, 405, 413, 415, 200, 200, 200,
    ]);
  });

  it('sends X-RateLimit-Limit and X-RateLimit-Remaining on every response, public routes and 404s included', async () => {
    h = await createHarness({ rateLimit: true, now: FIXED_NOW });
    for (const [kind, response] of await responsesOfEveryKind()) {
      expect(response.headers['x-ratelimit-limit'], kind).toMatch(/^\d+$/);
      expect(response.headers['x-ratelimit-remaining'], kind).toMatch(/^\d+$/);
    }
  });

  it('limits /healthz and openapi.json per client address like other requests without a token: 429 with Retry-After after the burst', async () => {
    h = await createHarness({ rateLimit: true, now: FIXED_NOW });
    const first = await h.call('GET', '/healthz', { token: null });
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('119');
    for (let i = 1; i < 120; i++) {
      const url = i % 2 === 0 ? '/healthz' : '/api/v1/openapi.json';
      expect((await h.call('GET', url, { token: null })).statusCode).toBe(200);
    }
    for (const url of ['/healthz', '/api/v1/openapi.json', '/api/v1/projects/%zz']) {
      const limited = await h.call('GET', url, { token: null });
      expect(limited.statusCode, url).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      expect(limited.headers['retry-after']).toBe('1');
      expect(limited.headers['cache-control']).toBe('no-store');
    }
    // A valid token has its own budget, untouched by the address's.
    expect((await h.call('GET', '/api/v1/projects')).statusCode).toBe(200);
  });
});
