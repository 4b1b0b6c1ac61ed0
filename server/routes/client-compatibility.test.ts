import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/**
 * What clients written for the hosted service do that the contract allows or leaves open:
 * naming `date` in `fields`, PATCHing back what they read, and sending query parameters
 * this server does not know (`docs/api-decisions.md`, "Requests from other clients").
 */

let h: Harness;
let projectId: string;
let wellId: string;
beforeEach(async () => {
  h = await createHarness();
  projectId = await h.project({ name: 'Compat field', unitSystem: 'metric' });
  wellId = await h.well(projectId, { name: 'Compat 1H', lateralLength: 1523.9 });
  const ingest = await h.call('POST', `${wellUrl()}/production`, {
    body: {
      records: [
        { date: '2024-03-01', oil_rate: 12.5, gas_rate: 3.1 },
        { date: '2024-03-02', oil_rate: 12.25, bhp: 9000 },
      ],
    },
  });
  expect(ingest.statusCode).toBe(200);
});
afterEach(async () => {
  await h.close();
});

const projectUrl = () => `/api/v1/projects/${projectId}`;
const wellUrl = () => `${projectUrl()}/wells/${wellId}`;
const tables = () =>
  JSON.stringify([
    h.db.prepare('SELECT * FROM projects ORDER BY id').all(),
    h.db.prepare('SELECT * FROM wells ORDER BY seq').all(),
  ]);

describe('date in fields', () => {
  const read = (fields: string) =>
    h.call('GET', `${wellUrl()}/production`, {
      query: { from: '2024-03-01', to: '2024-03-31', fields },
    });

  it('accepts date beside production fields and returns the same as without it', async () => {
    const withDate = await read('date,oil_rate');
    expect(withDate.statusCode).toBe(200);
    expect(withDate.json()).toMatchObject({
      fields: ['date', 'oil_rate'],
      data: [
        { date: '2024-03-01', oil_rate: 12.5 },
        { date: '2024-03-02', oil_rate: 12.25 },
      ],
    });
    expect(withDate.body).toBe((await read('oil_rate')).body);
    expect((await read('oil_rate,date,date')).body).toBe(withDate.body);
  });

  it('accepts date alone: the dates, without values', async () => {
    for (const aggregation of ['daily', 'monthly']) {
      const response = await h.call('GET', `${wellUrl()}/production`, {
        query: { from: '2024-03-01', to: '2024-03-31', fields: 'date', aggregation },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.fields).toEqual(['date']);
      expect(body.data).toEqual(
        aggregation === 'daily'
          ? [{ date: '2024-03-01' }, { date: '2024-03-02' }]
          : [{ date: '2024-03-01' }],
      );
    }
  });

  it('still refuses unknown names next to date, naming them', async () => {
    const response = await read('date,oil');
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.details).toEqual([
      {
        path: 'query.fields',
        message:
          'unknown field "oil"; allowed: oil_rate, water_rate, gas_rate, bhp, thp, choke_size, runtime, gor, watercut',
      },
    ]);
  });
});

describe('PATCH back what was read', () => {
  it('takes a well as GET returned it, with one member changed', async () => {
    const well = (await h.call('GET', wellUrl())).json();
    const response = await h.call('PATCH', wellUrl(), { body: { ...well, status: 'shut_in' } });
    expect(response.statusCode).toBe(200);
    const patched = response.json();
    expect(patched).toMatchObject({ ...well, status: 'shut_in', updatedAt: patched.updatedAt });
    expect((await h.call('GET', wellUrl())).json().status).toBe('shut_in');
  });

  it('takes a project as GET returned it (wellCount included), with one member changed', async () => {
    const project = (await h.call('GET', projectUrl())).json();
    expect(project.wellCount).toBe(1);
    const response = await h.call('PATCH', projectUrl(), {
      body: { ...project, description: 'Renamed by a hosted-service client' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().description).toBe('Renamed by a hosted-service client');
  });

  it('takes a body of unchanged read-only members alone as a no-op', async () => {
    const well = (await h.call('GET', wellUrl())).json();
    const before = tables();
    const response = await h.call('PATCH', wellUrl(), {
      body: { id: well.id, projectId, createdAt: well.createdAt },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(well);
    expect(tables()).toBe(before);
  });

  it('refuses a change to a read-only member, naming it, and changes nothing', async () => {
    const well = (await h.call('GET', wellUrl())).json();
    const before = tables();
    const cases: Array<[string, unknown]> = [
      ['id', 'wel_other'],
      ['projectId', 'prj_other'],
      ['firstProductionDate', '2020-01-01'],
      ['createdAt', '2020-01-01T00:00:00.000Z'],
      ['updatedAt', null],
    ];
    for (const [member, value] of cases) {
      const response = await h.call('PATCH', wellUrl(), {
        body: { ...well, status: 'inactive', [member]: value },
      });
      expect(response.statusCode, member).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toBe(
        `Invalid request body: ${member} ${member} is read-only and cannot be set`,
      );
      expect(error.details).toEqual([
        { path: member, message: `${member} is read-only and cannot be set` },
      ]);
    }
    expect(tables()).toBe(before);
  });

  it('refuses a stale updatedAt: the resource changed since it was read', async () => {
    const read = (await h.call('GET', projectUrl())).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = await h.call('PATCH', projectUrl(), { body: { ...read, name: 'First' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().updatedAt).not.toBe(read.updatedAt);
    const second = await h.call('PATCH', projectUrl(), { body: { ...read, name: 'Second' } });
    expect(second.statusCode).toBe(400);
    expect(errorOf(second).details).toEqual([
      { path: 'updatedAt', message: 'updatedAt is read-only and cannot be set' },
    ]);
    expect((await h.call('GET', projectUrl())).json().name).toBe('First');
  });

  it('lists a changed read-only member among the body’s other problems', async () => {
    const well = (await h.call('GET', wellUrl())).json();
    const response = await h.call('PATCH', wellUrl(), {
      body: { ...well, latitude: 91, createdAt: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(
      errorOf(response)
        .details?.map((detail) => detail.path)
        .sort(),
    ).toEqual(['createdAt', 'latitude']);
  });

  it('still refuses read-only members on a create, whatever their value', async () => {
    const well = (await h.call('GET', wellUrl())).json();
    const response = await h.call('POST', `${projectUrl()}/wells`, {
      body: { name: 'Copy 2H', projectId: well.projectId },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([
      { path: 'projectId', message: 'projectId is read-only and cannot be set' },
    ]);
  });
});

describe('unknown query parameters', () => {
  it('are refused on every API endpoint, naming the parameter, and change nothing', async () => {
    const before = tables();
    const requests: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/projects'],
      ['POST', '/api/v1/projects', { name: 'Never made' }],
      ['GET', projectUrl()],
      ['PATCH', projectUrl(), { name: 'Never renamed' }],
      ['DELETE', projectUrl()],
      ['GET', `${projectUrl()}/wells`],
      ['GET', wellUrl()],
      ['PATCH', wellUrl(), { status: 'inactive' }],
      ['DELETE', wellUrl()],
      ['GET', `${wellUrl()}/production?from=2024-03-01&to=2024-03-31`],
      ['DELETE', `${wellUrl()}/production?from=2024-03-01&to=2024-03-31`],
      ['GET', '/api/v1/openapi.json'],
    ];
    for (const [method, url, body] of requests) {
      const joined = `${url}${url.includes('?') ? '&' : '?'}sort=name`;
      const response = await h.call(method as 'GET', joined, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(errorOf(response).details, `${method} ${url}`).toEqual([
        { path: 'query.sort', message: 'sort is not a known query parameter' },
      ]);
    }
    expect(tables()).toBe(before);
  });

  it('leave /healthz, outside the API, answering: probes add their own parameters', async () => {
    const response = await h.call('GET', '/healthz?probe=lb-1', { token: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
