import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { json, startFakeServer, text, type FakeServer, type Step } from './testing/fake-server.js';
import { failure } from './testing/scripted-client.js';

/**
 * What our server never does but another implementation of docs/api-v1.md may:
 * absent optional members, unknown members, other envelopes, HTML pages,
 * truncated bodies. A small scripted server plays that service.
 */

let fake: FakeServer | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function clientFor(steps: Step[]) {
  fake = await startFakeServer(steps);
  return new ApiClient({
    baseUrl: fake.baseUrl,
    token: 'tok',
    retry: { maxAttempts: 1 },
    rateLimit: false,
  });
}

const minimalWell = {
  id: 'w1',
  projectId: 'p1',
  name: 'Lone Star 1',
  type: 'producer',
  status: 'active',
  createdAt: '2024-01-01T00:00:00Z',
};

describe('tolerant parsing of responses', () => {
  it('reads absent optional well members as null and strips unknown ones', async () => {
    const client = await clientFor([
      json(200, {
        ...minimalWell,
        rigName: 'Rig 7',
        perfInterval: { topMd: 1, bottomMd: 2, unit: 'ft' },
      }),
    ]);
    const well = await client.getWell('p1', 'w1');
    expect(well).toEqual({
      ...minimalWell,
      apiNumber: null,
      latitude: null,
      longitude: null,
      spudDate: null,
      firstProductionDate: null,
      lateralLength: null,
      perfInterval: { topMd: 1, bottomMd: 2 },
      updatedAt: null,
    });
  });

  it('reads a project without description and with extra members', async () => {
    const client = await clientFor([
      json(201, {
        id: 'p1',
        name: 'Field',
        timezone: 'UTC',
        unitSystem: 'metric',
        wellCount: 0,
        createdAt: '2024-01-01T00:00:00Z',
        updatedAt: '2024-01-01T00:00:00Z',
        owner: { name: 'someone' },
        dashboards: [],
      }),
    ]);
    const project = await client.createProject({ name: 'Field' });
    expect(project.description).toBeNull();
    expect(project).not.toHaveProperty('owner');
  });

  it('reads a last page whose nextCursor is absent, and items that are minimal', async () => {
    const client = await clientFor([json(200, { data: [minimalWell], total: 1, page: 1 })]);
    const page = await client.listWells('p1');
    expect(page.nextCursor).toBeNull();
    expect(page.data[0]?.apiNumber).toBeNull();
    expect(page).not.toHaveProperty('page');
  });

  it('normalises a production series: missing values null, unknown fields dropped', async () => {
    const client = await clientFor([
      json(200, {
        wellId: 'w1',
        from: '2024-01-01',
        to: '2024-01-02',
        aggregation: 'daily',
        fields: ['date', 'oil_rate', 'condensate_rate', 'gas_rate'],
        data: [
          { date: '2024-01-01', oil_rate: 10, condensate_rate: 3, gas_rate: null },
          { date: '2024-01-02', gas_rate: 5, flag: 'estimated' },
        ],
        units: { oil_rate: 'bbl/d' },
      }),
    ]);
    const series = await client.getProduction('p1', 'w1', { from: '2024-01-01', to: '2024-01-02' });
    expect(series).toEqual({
      wellId: 'w1',
      from: '2024-01-01',
      to: '2024-01-02',
      aggregation: 'daily',
      fields: ['date', 'oil_rate', 'gas_rate'],
      data: [
        { date: '2024-01-01', oil_rate: 10, gas_rate: null },
        { date: '2024-01-02', oil_rate: null, gas_rate: 5 },
      ],
    });
  });

  it('accepts JSON without a Content-Type, problem+json errors and a 200 where 204 was expected', async () => {
    const client = await clientFor([
      (_request, response) => {
        response.writeHead(200);
        response.end(JSON.stringify({ inserted: 1, updated: 0, total: 1, took: '3ms' }));
      },
      json(
        404,
        { error: { code: 'NOT_FOUND', message: 'nope' } },
        { 'Content-Type': 'application/problem+json' },
      ),
      json(200, { ok: true }),
    ]);
    expect(await client.upsertProduction('p', 'w', [{ date: '2024-01-01' }])).toEqual({
      inserted: 1,
      updated: 0,
      total: 1,
    });
    expect(await failure(client.getProject('p'))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'nope',
    });
    await expect(client.deleteProject('p')).resolves.toBeUndefined();
  });
});

describe('error envelopes', () => {
  it('takes code, message, requestId and details, and ignores unknown codes’ novelty', async () => {
    const client = await clientFor([
      json(422, {
        error: {
          code: 'UNPROCESSABLE_THING',
          message: 'No.',
          requestId: 'r-1',
          details: [{ path: 'name', message: 'is odd' }],
          help: 'https://example.com',
        },
      }),
    ]);
    const error = await failure(client.createProject({ name: 'x' }));
    expect(error.toJSON()).toEqual({
      status: 422,
      code: 'UNPROCESSABLE_THING',
      message: 'No.',
      requestId: 'r-1',
      details: [{ path: 'name', message: 'is odd' }],
    });
  });

  it('falls back to X-Request-Id, and drops details it cannot read', async () => {
    const client = await clientFor([
      json(
        409,
        { error: { code: 'CONFLICT', message: 'dup', details: 'see logs' } },
        { 'X-Request-Id': 'hdr-9' },
      ),
      json(404, { error: { code: 'NOT_FOUND', message: 'gone' } }),
    ]);
    const conflict = await failure(client.createWell('p', { name: 'W' }));
    expect(conflict).toMatchObject({ code: 'CONFLICT', requestId: 'hdr-9' });
    expect(conflict.details).toBeUndefined();
    const missing = await failure(client.getWell('p', 'w'));
    expect(missing.requestId).toBeUndefined();
  });
});

describe('responses that are not the contract become INVALID_RESPONSE', () => {
  it('an HTML error page from a proxy', async () => {
    const client = await clientFor([
      text(502, 'text/html; charset=utf-8', '<html><body>Bad Gateway</body></html>'),
    ]);
    const error = await failure(client.listProjects());
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 502,
      message: 'expected JSON but got text/html (status 502)',
    });
  });

  it('an HTML page with status 200 (a captive portal, say)', async () => {
    const client = await clientFor([text(200, 'text/html', '<html>Log in to the Wi-Fi</html>')]);
    expect(await failure(client.listProjects())).toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
      message: 'expected JSON but got text/html (status 200)',
    });
  });

  it('truncated JSON', async () => {
    const client = await clientFor([text(200, 'application/json', '{"data": [{"id": "p1", "na')]);
    const error = await failure(client.listProjects());
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('an empty body', async () => {
    const client = await clientFor([text(200, 'application/json', '')]);
    expect((await failure(client.getProject('p'))).message).toBe(
      'expected JSON but the body is empty (status 200)',
    );
  });

  it('JSON of the wrong shape, naming the member', async () => {
    const client = await clientFor([
      json(200, { ...minimalWell, type: 'geothermal' }),
      json(200, { data: [{ ...minimalWell, id: 7 }], total: 1, nextCursor: null }),
      json(200, { deleted: 'three' }),
    ]);
    const bad = await failure(client.getWell('p1', 'w1'));
    expect(bad).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect(bad.message).toMatch(/does not match the API contract \(status 200\): type:/);
    expect((await failure(client.listWells('p1'))).message).toMatch(/data\[0\]\.id:/);
    expect(
      (await failure(client.deleteProduction('p', 'w', { from: '2024-01-01', to: '2024-01-02' })))
        .message,
    ).toMatch(/deleted:/);
  });

  it('an error status whose JSON is not the envelope', async () => {
    const client = await clientFor([json(400, { message: 'bad' }, { 'X-Request-Id': 'abc' })]);
    const error = await failure(client.getProject('p'));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 400, requestId: 'abc' });
    expect(error.message).toMatch(/expected the error envelope/);
  });
});
