import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';
import type { RouteDeps } from './deps.js';
import { installRouteContract } from './route-contract.js';

let h: Harness;
let projectId: string;
let wellId: string;
beforeEach(async () => {
  h = await createHarness();
  projectId = await h.project();
  wellId = await h.well(projectId);
});
afterEach(async () => {
  await h.close();
});

const code = async (...args: Parameters<Harness['call']>) => errorOf(await h.call(...args)).code;

describe('the route contract hook', () => {
  it('checks scope, then query, then the resources the path names, then the body', async () => {
    const readOnly = await h.token('alice', ['read:projects', 'read:wells', 'read:production']);
    const missing = `/api/v1/projects/${projectId}/wells/wel_missing`;
    const real = `/api/v1/projects/${projectId}/wells/${wellId}`;
    const badBody = { body: { latitude: 'north' } };
    // A token without the scope hears 403 whatever else is wrong.
    expect(await code('PATCH', `${missing}?x=1`, { ...badBody, token: readOnly })).toBe(
      'FORBIDDEN',
    );
    // A bad query comes before the well is looked up, and a missing well before the body.
    expect(await code('PATCH', `${missing}?x=1`, badBody)).toBe('VALIDATION_ERROR');
    expect(await code('PATCH', missing, badBody)).toBe('NOT_FOUND');
    const refused = await h.call('PATCH', real, badBody);
    expect(errorOf(refused).details?.[0]?.path).toBe('latitude');
    // Another user's project is as missing as one that does not exist.
    expect(await code('GET', real, { token: h.tokens.bob })).toBe('NOT_FOUND');
  });

  it('refuses to start with a private API route that declares no scope', () => {
    const app = Fastify();
    installRouteContract(app, {} as RouteDeps);
    expect(() => app.get('/api/v1/unguarded', async () => ({}))).toThrow(
      'Route GET /api/v1/unguarded declares no config.scope',
    );
    expect(() =>
      app.get('/api/v1/open', { config: { public: true } }, async () => ({})),
    ).not.toThrow();
  });
});
