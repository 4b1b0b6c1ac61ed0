import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES, SCOPES, type Scope } from '../auth/scopes.js';
import { createHarness, errorOf, type CallOptions, type Harness } from '../testing/harness.js';
import { guardedRoutes } from './route-contract.js';
import { routeShape } from '../testing/route-shapes.js';

/**
 * The authorisation matrix (docs/api-decisions.md, "Authentication and access"):
 * every endpoint × {another user's resource, missing scope, only the needed
 * scope, admin, bad credentials}. Generated from the ENDPOINTS table below.
 */

const API = '/api/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Alice's project and well (with two production records and an event), and a project of bob's. */
interface Fixture {
  h: Harness;
  projectId: string;
  wellId: string;
  bobProjectId: string;
}

interface Ids {
  projectId: string;
  wellId: string;
}

interface Endpoint {
  method: Method;
  /** Path with {pid} and {wid} placeholders. */
  path: string;
  scope: Scope;
  success: 200 | 201 | 204;
  /** A request that succeeds for alice (placeholders filled in by the caller). */
  request: CallOptions;
  /**
   * `/projects` itself has no owner: another user's request succeeds on their
   * own data and must simply not see or touch alice's.
   */
  collection?: boolean;
  /** Asserts the success response and its effect, seen by alice. */
  verify(f: Fixture, response: LightMyRequestResponse): Promise<void>;
}

const FROM_TO = { from: '2024-01-01', to: '2024-01-31' };
const CSV = 'date,oil_rate,water_rate\n2024-01-05,7,1\n';
/** Alice's event on her well, made by the fixture. */
const EVENT = {
  startDate: '2024-01-02',
  endDate: '2024-01-04',
  category: 'Facility',
  note: 'Compressor',
};
const EVENTS_OF_WELL = '/projects/{pid}/wells/{wid}/events';

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/projects',
    scope: 'read:projects',
    success: 200,
    request: {},
    collection: true,
    verify: async (f, response) => {
      expect(response.json().data.map((p: { id: string }) => p.id)).toContain(f.projectId);
    },
  },
  {
    method: 'POST',
    path: '/projects',
    scope: 'write:projects',
    success: 201,
    request: { body: { name: 'Created in the matrix' } },
    collection: true,
    verify: async (_f, response) => {
      expect(response.json()).toMatchObject({ name: 'Created in the matrix', wellCount: 0 });
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}',
    scope: 'read:projects',
    success: 200,
    request: {},
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({ id: f.projectId, name: 'Alice field', wellCount: 1 });
    },
  },
  {
    method: 'PATCH',
    path: '/projects/{pid}',
    scope: 'write:projects',
    success: 200,
    request: { body: { name: 'Renamed', unitSystem: 'metric' } },
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        id: f.projectId,
        name: 'Renamed',
        unitSystem: 'metric',
      });
      const read = await f.h.call('GET', `${API}/projects/${f.projectId}`);
      expect(read.json()).toMatchObject({ name: 'Renamed', unitSystem: 'metric' });
    },
  },
  {
    method: 'DELETE',
    path: '/projects/{pid}',
    scope: 'write:projects',
    success: 204,
    request: {},
    verify: async (f, response) => {
      expect(response.body).toBe('');
      expect((await f.h.call('GET', `${API}/projects/${f.projectId}`)).statusCode).toBe(404);
      expect(await f.h.scalar('SELECT COUNT(*) FROM wells WHERE project_id = ?', f.projectId)).toBe(
        0,
      );
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/wells',
    scope: 'read:wells',
    success: 200,
    request: {},
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({ total: 1, nextCursor: null });
      expect(response.json().data[0]).toMatchObject({ id: f.wellId, projectId: f.projectId });
    },
  },
  {
    method: 'POST',
    path: '/projects/{pid}/wells',
    scope: 'write:wells',
    success: 201,
    request: { body: { name: 'Well 2', type: 'injector' } },
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        projectId: f.projectId,
        name: 'Well 2',
        type: 'injector',
      });
      expect((await f.h.call('GET', `${API}/projects/${f.projectId}/wells`)).json().total).toBe(2);
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/wells/{wid}',
    scope: 'read:wells',
    success: 200,
    request: {},
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        id: f.wellId,
        projectId: f.projectId,
        name: 'Alice 1H',
      });
    },
  },
  {
    method: 'PATCH',
    path: '/projects/{pid}/wells/{wid}',
    scope: 'write:wells',
    success: 200,
    request: { body: { status: 'shut_in', name: 'Alice 1H (repaired)' } },
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        id: f.wellId,
        status: 'shut_in',
        name: 'Alice 1H (repaired)',
      });
      const read = await f.h.call('GET', `${API}/projects/${f.projectId}/wells/${f.wellId}`);
      expect(read.json()).toMatchObject({ status: 'shut_in', name: 'Alice 1H (repaired)' });
    },
  },
  {
    method: 'DELETE',
    path: '/projects/{pid}/wells/{wid}',
    scope: 'write:wells',
    success: 204,
    request: {},
    verify: async (f, response) => {
      expect(response.body).toBe('');
      expect(
        (await f.h.call('GET', `${API}/projects/${f.projectId}/wells/${f.wellId}`)).statusCode,
      ).toBe(404);
      expect(await f.h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/wells/{wid}/production',
    scope: 'read:production',
    success: 200,
    request: { query: { ...FROM_TO, fields: 'oil_rate' } },
    verify: async (f, response) => {
      expect(response.json()).toEqual({
        wellId: f.wellId,
        ...FROM_TO,
        aggregation: 'daily',
        fields: ['date', 'oil_rate'],
        data: [
          { date: '2024-01-01', oil_rate: 10 },
          { date: '2024-01-02', oil_rate: 12 },
        ],
      });
    },
  },
  {
    method: 'POST',
    path: '/projects/{pid}/wells/{wid}/production',
    scope: 'write:wells',
    success: 200,
    request: {
      body: {
        records: [
          { date: '2024-01-02', oil_rate: 20 },
          { date: '2024-01-03', oil_rate: 5 },
        ],
      },
    },
    verify: async (f, response) => {
      expect(response.json()).toEqual({ inserted: 1, updated: 1, total: 2 });
      expect(await f.h.scalar('SELECT COUNT(*) FROM production')).toBe(3);
    },
  },
  {
    method: 'DELETE',
    path: '/projects/{pid}/wells/{wid}/production',
    scope: 'write:wells',
    success: 200,
    request: { query: FROM_TO },
    verify: async (f, response) => {
      expect(response.json()).toEqual({ deleted: 2 });
      expect(await f.h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
    },
  },
  {
    method: 'POST',
    path: '/projects/{pid}/wells/{wid}/production/import',
    scope: 'write:wells',
    success: 200,
    request: { body: CSV, headers: { 'content-type': 'text/csv' } },
    verify: async (f, response) => {
      expect(response.json()).toEqual({ inserted: 1, updated: 0, total: 1 });
      expect(await f.h.scalar('SELECT COUNT(*) FROM production')).toBe(3);
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/production/latest',
    scope: 'read:production',
    success: 200,
    request: {},
    verify: async (f, response) => {
      const body = response.json();
      expect(body).toMatchObject({ projectId: f.projectId, changeDays: 30, sparklineDays: 90 });
      expect(body.data).toMatchObject([
        { wellId: f.wellId, latest: { date: '2024-01-02', oil_rate: 12 }, previous: null },
      ]);
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/changes',
    scope: 'read:production',
    success: 200,
    request: {},
    verify: async (f, response) => {
      const body = response.json();
      expect(body).toMatchObject({ projectId: f.projectId, since: null, reset: false });
      expect(body.wells).toEqual([{ id: f.wellId, version: expect.any(Number), deleted: false }]);
    },
  },
  {
    method: 'GET',
    path: '/projects/{pid}/events',
    scope: 'read:production',
    success: 200,
    request: {},
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        data: [{ id: 'evt-alice', wellId: f.wellId, ...EVENT }],
        nextCursor: null,
        total: 1,
      });
    },
  },
  {
    method: 'GET',
    path: EVENTS_OF_WELL,
    scope: 'read:production',
    success: 200,
    request: { query: { from: '2024-01-03', to: '2024-01-31' } },
    verify: async (f, response) => {
      expect(response.json().data).toMatchObject([{ id: 'evt-alice', wellId: f.wellId, ...EVENT }]);
    },
  },
  {
    method: 'POST',
    path: EVENTS_OF_WELL,
    scope: 'write:wells',
    success: 201,
    request: { body: { startDate: '2024-02-01', category: 'Weather' } },
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        wellId: f.wellId,
        startDate: '2024-02-01',
        endDate: null,
        category: 'Weather',
        note: '',
      });
      expect(await f.h.scalar('SELECT COUNT(*) FROM well_events')).toBe(2);
    },
  },
  {
    method: 'GET',
    path: `${EVENTS_OF_WELL}/evt-alice`,
    scope: 'read:production',
    success: 200,
    request: {},
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({ id: 'evt-alice', wellId: f.wellId, ...EVENT });
    },
  },
  {
    method: 'PUT',
    path: `${EVENTS_OF_WELL}/evt-alice`,
    scope: 'write:wells',
    success: 200,
    request: { body: { ...EVENT, category: 'Workover' } },
    verify: async (f, response) => {
      expect(response.json()).toMatchObject({ id: 'evt-alice', category: 'Workover' });
      expect(await f.h.scalar('SELECT category FROM well_events')).toBe('Workover');
    },
  },
  {
    method: 'DELETE',
    path: `${EVENTS_OF_WELL}/evt-alice`,
    scope: 'write:wells',
    success: 204,
    request: {},
    verify: async (f, response) => {
      expect(response.body).toBe('');
      expect(await f.h.scalar('SELECT COUNT(*) FROM well_events')).toBe(0);
    },
  },
];

function urlOf(endpoint: Endpoint, ids: Ids): string {
  return API + endpoint.path.replace('{pid}', ids.projectId).replace('{wid}', ids.wellId);
}

function label(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** Every row of the resource tables, hashed: equal digests mean nothing was written. */
async function digest(h: Harness): Promise<string> {
  const hash = createHash('sha256');
  for (const sql of [
    'SELECT * FROM projects ORDER BY id',
    'SELECT * FROM project_members ORDER BY project_id, user_id',
    'SELECT * FROM wells ORDER BY seq',
    'SELECT * FROM production ORDER BY well_seq, date',
    'SELECT * FROM well_events ORDER BY seq',
  ]) {
    hash.update(JSON.stringify(await h.rows(sql)));
  }
  return hash.digest('hex');
}

/** What alice sees of her data, read through the API with her full token. */
async function aliceView(f: Fixture): Promise<unknown[]> {
  const p = `${API}/projects/${f.projectId}`;
  const w = `${p}/wells/${f.wellId}`;
  const reads = await Promise.all([
    f.h.call('GET', `${API}/projects`),
    f.h.call('GET', p),
    f.h.call('GET', `${p}/wells`),
    f.h.call('GET', w),
    f.h.call('GET', `${w}/production`, { query: { from: '2000-01-01', to: '2099-12-31' } }),
    f.h.call('GET', `${p}/events`),
  ]);
  return reads.map((response) => ({ status: response.statusCode, body: response.json() }));
}

/** Runs `act` and asserts neither the tables nor alice's view of them changed. */
async function expectNothingChanged(f: Fixture, act: () => Promise<void>): Promise<void> {
  const before = { digest: await digest(f.h), view: await aliceView(f) };
  await act();
  expect(await aliceView(f)).toEqual(before.view);
  expect(await digest(f.h)).toBe(before.digest);
}

function send(
  f: Fixture,
  endpoint: Endpoint,
  ids: Ids,
  token: string | null,
  headers: Record<string, string> = {},
) {
  return f.h.call(endpoint.method, urlOf(endpoint, ids), {
    ...endpoint.request,
    token,
    headers: { ...endpoint.request.headers, ...headers },
  });
}

function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
}

let f: Fixture;
beforeEach(async () => {
  const h = await createHarness();
  const projectId = await h.project({ name: 'Alice field' });
  const wellId = await h.well(projectId, { name: 'Alice 1H' });
  const ingest = await h.call('POST', `${API}/projects/${projectId}/wells/${wellId}/production`, {
    body: {
      records: [
        { date: '2024-01-01', oil_rate: 10, gas_rate: 30 },
        { date: '2024-01-02', oil_rate: 12, water_rate: 2 },
      ],
    },
  });
  if (ingest.statusCode !== 200) throw new Error(`fixture ingest failed: ${ingest.body}`);
  const event = await h.call(
    'PUT',
    `${API}/projects/${projectId}/wells/${wellId}/events/evt-alice`,
    { body: EVENT },
  );
  if (event.statusCode !== 201) throw new Error(`fixture event failed: ${event.body}`);
  const bobProjectId = await h.project({ name: 'Bob field' }, h.tokens.bob);
  await h.well(bobProjectId, { name: 'Bob 1H' }, h.tokens.bob);
  f = { h, projectId, wellId, bobProjectId };
});
afterEach(async () => {
  await f.h.close();
});

it('the matrix holds every route the app registers, each with the scope the route declares', () => {
  const registered = guardedRoutes(f.h.app).map(
    (route) => `${routeShape(route.method, route.url)} ${route.scope}`,
  );
  const matrix = ENDPOINTS.map(
    (endpoint) =>
      `${routeShape(endpoint.method, endpoint.path.replace('/evt-alice', '/{eid}'))} ${endpoint.scope}`,
  );
  expect([...matrix].sort()).toEqual([...registered].sort());
});

const ownedEndpoints = ENDPOINTS.filter((endpoint) => !endpoint.collection);
const wellEndpoints = ENDPOINTS.filter((endpoint) => endpoint.path.includes('{wid}'));

describe('(a) another user never sees or touches alice’s resources', () => {
  it.each(ownedEndpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s with bob’s token on alice’s ids → 404 like a missing id, nothing changed',
    async (_name, endpoint) => {
      await expectNothingChanged(f, async () => {
        const response = await send(f, endpoint, f, f.h.tokens.bob);
        expectError(response, 404, 'NOT_FOUND');
        // Never reveal existence: the answer is the one for ids that were never issued.
        const missing = {
          projectId: 'prj_AAAAAAAAAAAAAAAAAAAAAA',
          wellId: 'wel_AAAAAAAAAAAAAAAAAAAAAA',
        };
        const control = await send(f, endpoint, missing, f.h.tokens.bob);
        expectError(control, 404, 'NOT_FOUND');
        const masked = (message: string, ids: Ids) =>
          message.replaceAll(ids.projectId, '{pid}').replaceAll(ids.wellId, '{wid}');
        expect(masked(errorOf(response).message, f)).toBe(
          masked(errorOf(control).message, missing),
        );
      });
    },
  );

  it.each(wellEndpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s with bob’s token on his own project but alice’s well → 404, nothing changed',
    async (_name, endpoint) => {
      await expectNothingChanged(f, async () => {
        const response = await send(
          f,
          endpoint,
          { projectId: f.bobProjectId, wellId: f.wellId },
          f.h.tokens.bob,
        );
        expectError(response, 404, 'NOT_FOUND');
      });
    },
  );

  it.each(wellEndpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s with alice’s token on her own project but bob’s well → 404',
    async (_name, endpoint) => {
      const bobsWell = (await f.h.scalar(
        'SELECT id FROM wells WHERE project_id = ?',
        f.bobProjectId,
      )) as string;
      const before = await digest(f.h);
      const response = await send(
        f,
        endpoint,
        { projectId: f.projectId, wellId: bobsWell },
        f.h.tokens.alice,
      );
      expectError(response, 404, 'NOT_FOUND');
      expect(await digest(f.h)).toBe(before);
    },
  );

  it('GET /projects as bob lists only bob’s project', async () => {
    const response = await f.h.call('GET', `${API}/projects`, { token: f.h.tokens.bob });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((p: { id: string }) => p.id)).toEqual([f.bobProjectId]);
    expect(response.json().total).toBe(1);
  });

  it('POST /projects as bob creates bob’s project, invisible to alice', async () => {
    const before = await aliceView(f);
    const response = await f.h.call('POST', `${API}/projects`, {
      token: f.h.tokens.bob,
      body: { name: 'Bob 2' },
    });
    expect(response.statusCode).toBe(201);
    expect(await aliceView(f)).toEqual(before);
    expect((await f.h.call('GET', `${API}/projects/${response.json().id}`)).statusCode).toBe(404);
  });
});

/** Tokens lacking exactly the needed scope: alice (a member) and carol (not one), and a scopeless token. */
const lacking = (scope: Scope) => SCOPES.filter((s) => s !== scope && s !== 'admin');
const SCOPELESS: Array<[string, (h: Harness, scope: Scope) => Promise<string>]> = [
  ['alice with every other scope', (h, scope) => h.token('alice', lacking(scope))],
  ['carol with every other scope', (h, scope) => h.token('carol', lacking(scope))],
  ['carol with no scope at all', (h) => h.token('carol', [])],
];

describe('(b) a token without the needed scope → 403 FORBIDDEN, nothing changed', () => {
  it.each(
    ENDPOINTS.flatMap((endpoint) =>
      SCOPELESS.map(
        ([who, make]) => [label(endpoint), endpoint.scope, who, endpoint, make] as const,
      ),
    ),
  )('%s (needs %s) as %s', async (_name, _scope, _who, endpoint, make) => {
    const token = await make(f.h, endpoint.scope);
    await expectNothingChanged(f, async () => {
      const response = await send(f, endpoint, f, token);
      expectError(response, 403, 'FORBIDDEN');
      expect(errorOf(response).message).toContain(endpoint.scope);
    });
  });
});

describe('(c) the needed scope alone is enough', () => {
  it.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint.scope, endpoint] as const))(
    '%s with only %s',
    async (_name, _scope, endpoint) => {
      const token = await f.h.token('alice', [endpoint.scope]);
      const response = await send(f, endpoint, f, token);
      expect(response.statusCode, response.body).toBe(endpoint.success);
      await endpoint.verify(f, response);
    },
  );
});

describe('(d) admin sees and acts on alice’s project', () => {
  it.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s as admin',
    async (_name, endpoint) => {
      const response = await send(f, endpoint, f, f.h.tokens.admin);
      expect(response.statusCode, response.body).toBe(endpoint.success);
      await endpoint.verify(f, response);
    },
  );

  it('admin lists every user’s projects', async () => {
    const response = await f.h.call('GET', `${API}/projects`, { token: f.h.tokens.admin });
    expect(
      response
        .json()
        .data.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([f.projectId, f.bobProjectId].sort());
  });
});

const BAD_CREDENTIALS: Array<[string, Record<string, string> | null]> = [
  ['no Authorization header', null],
  ['"Basic xyz"', { authorization: 'Basic xyz' }],
  ['"Bearer" without a token', { authorization: 'Bearer' }],
  ['"Bearer " with an empty token', { authorization: 'Bearer ' }],
  ['an unknown token', { authorization: 'Bearer flw_0000000000000000000000000000000000000000000' }],
  ['a token with trailing garbage', { authorization: 'Bearer flw_abc def' }],
];

describe('(e) missing or bad credentials → 401 with WWW-Authenticate: Bearer, nothing changed', () => {
  it.each(
    ENDPOINTS.flatMap((endpoint) =>
      BAD_CREDENTIALS.map(([what, headers]) => [label(endpoint), what, endpoint, headers] as const),
    ),
  )('%s with %s', async (_name, _what, endpoint, headers) => {
    await expectNothingChanged(f, async () => {
      const response = await send(f, endpoint, f, null, headers ?? {});
      expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
    });
  });

  it.each(['revoked', 'expired'] as const)(
    'a %s token of alice’s is 401 on DELETE /projects/{pid}',
    async (how) => {
      let token: string;
      if (how === 'revoked') {
        token = await f.h.token('alice');
        await f.h.store.tokens.revoke(token);
      } else {
        token = await f.h.store.tokens.create({
          user: 'alice',
          scopes: DEFAULT_SCOPES,
          expires: '2001-01-01',
        });
      }
      const endpoint = ENDPOINTS.find(
        (e) => e.method === 'DELETE' && e.path === '/projects/{pid}',
      ) as Endpoint;
      await expectNothingChanged(f, async () => {
        const response = await send(f, endpoint, f, token);
        expectError(response, 401, 'UNAUTHORIZED');
        expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      });
    },
  );
});
