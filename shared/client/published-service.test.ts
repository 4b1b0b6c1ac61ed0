import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import type { ApiWell } from './response-schemas.js';
import {
  startPublishedService,
  type PublishedService,
  type PublishedServiceOptions,
} from './testing/published-service/published-service.js';

/**
 * The client against a mock of the hosted service built from its published
 * schema (shared/client/testing/published-service/README.md): every body it
 * sends is one the published schema allows, every request it takes is one
 * that schema names.
 */

let service: PublishedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function connect(options: PublishedServiceOptions = {}) {
  service = await startPublishedService({
    seed: [
      { name: 'Permian Basin', unitSystem: 'imperial', wells: 8, days: 30 },
      { name: 'North Sea', unitSystem: 'metric', wells: 3, days: 5 },
      { name: 'Eagle Ford', unitSystem: 'imperial', wells: 2, days: 5 },
    ],
    ...options,
  });
  const client = new ApiClient({
    baseUrl: service.baseUrl,
    token: service.token,
    retry: { maxAttempts: 1 },
    rateLimit: false,
  });
  return { service, client };
}

describe('reads from the published service', () => {
  it('lists projects in every shape: absent counts, timestamps and unit systems, other letter cases', async () => {
    const { client } = await connect();
    const projects = [];
    for await (const project of client.iterateProjects({ limit: 2 })) projects.push(project);
    expect(projects).toEqual([
      {
        id: 'prj-seed-0',
        name: 'Permian Basin',
        description: 'Permian Basin (mock)',
        timezone: 'America/Chicago',
        unitSystem: 'imperial',
        wellCount: 8,
        createdAt: '2025-06-30T12:00:00.000Z',
        updatedAt: '2025-06-30T12:00:00.000Z',
      },
      {
        id: 'prj-seed-1',
        name: 'North Sea',
        description: 'North Sea (mock)',
        timezone: 'America/Chicago',
        unitSystem: 'metric',
        wellCount: null,
        createdAt: '2025-06-30T12:00:00.000Z',
        updatedAt: null,
      },
      {
        id: 'prj-seed-2',
        name: 'Eagle Ford',
        description: null,
        timezone: null,
        unitSystem: null,
        wellCount: 2,
        createdAt: null,
        updatedAt: null,
      },
    ]);
    expect(projects[1]).not.toHaveProperty('dashboards');
  });

  it('lists wells without a total, type, status, name or half a perforation interval', async () => {
    const { client } = await connect();
    const page = await client.listWells('prj-seed-0');
    expect(page.total).toBeNull();
    expect(page.nextCursor).toBeNull();
    const [full, untyped, shouting, nameless] = page.data as [ApiWell, ApiWell, ApiWell, ApiWell];
    expect(full).toMatchObject({
      type: 'producer',
      status: 'active',
      perfInterval: { topMd: 9000, bottomMd: 18_000 },
    });
    expect(full).not.toHaveProperty('rigName');
    expect(untyped).toMatchObject({
      type: null,
      status: null,
      perfInterval: { topMd: 9010, bottomMd: null },
    });
    expect(shouting).toMatchObject({
      projectId: 'prj-seed-0',
      type: 'observer',
      status: 'shut_in',
      perfInterval: { topMd: null, bottomMd: 18_020 },
    });
    expect(nameless).toMatchObject({
      id: 'well-seed-0-3',
      name: null,
      createdAt: null,
      updatedAt: null,
    });
    expect(await client.getWell('prj-seed-0', 'well-seed-0-3')).toEqual(nameless);
  });

  it('reads a series in each shape: no fields member, capital aggregation, items without a date, unknown columns', async () => {
    const { client } = await connect();
    const query = { from: '2025-01-01', to: '2025-01-03' };
    for (const wellId of ['well-seed-0-0', 'well-seed-0-1', 'well-seed-0-2']) {
      const series = await client.getProduction('prj-seed-0', wellId, {
        ...query,
        fields: ['oil_rate', 'water_rate', 'bhp'],
      });
      expect(series.wellId).toBe(wellId);
      expect(series.aggregation).toBe('daily');
      expect(series.fields).toEqual(['date', 'oil_rate', 'water_rate', 'bhp']);
      expect(series.data.map((item) => item.date)).toEqual([
        '2025-01-01',
        '2025-01-02',
        '2025-01-03',
      ]);
      // Day 2 has no water and day 1 no BHP: left out by the service, null here.
      expect(series.data[1]?.water_rate).toBeNull();
      expect(series.data[0]?.bhp).toBeNull();
    }
    // Neither asked for nor named: the fields the items carry, in the API's order.
    const unnamed = await client.getProduction('prj-seed-0', 'well-seed-0-1', query);
    expect(unnamed.fields).toEqual([
      'date',
      'oil_rate',
      'water_rate',
      'gas_rate',
      'bhp',
      'runtime',
    ]);
    expect(unnamed.data[0]).toEqual({
      date: '2025-01-01',
      oil_rate: 490,
      water_rate: 50,
      gas_rate: 900,
      bhp: null,
      runtime: 24,
    });
  });

  it('asks only with the parameters the schema names; the service refuses any other', async () => {
    const { service, client } = await connect();
    // The client's own queries: a well search and a production read with every parameter.
    const found = await client.listWells('prj-seed-0', { search: '3h', status: 'shut_in' });
    expect(found.data.map((well) => well.id)).toEqual(['well-seed-0-2']);
    await client.getProduction('prj-seed-0', 'well-seed-0-0', {
      from: '2025-01-01',
      to: '2025-01-02',
      aggregation: 'daily',
      fields: ['oil_rate'],
    });
    // What the schema does not name, or a value outside its enumeration, is a 400.
    const ask = (path: string) =>
      fetch(`${service.baseUrl}${path}`, { headers: { Authorization: `Bearer ${service.token}` } });
    const refused = await ask('/projects/prj-seed-0/wells?sort=name');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'sort is not a parameter of this request' },
    });
    const weekly = await ask(
      '/projects/prj-seed-0/wells/well-seed-0-0/production?from=2025-01-01&to=2025-01-02&aggregation=weekly',
    );
    expect(weekly.status).toBe(400);
    expect(await weekly.json()).toMatchObject({
      error: { message: 'aggregation must be one of daily, monthly' },
    });
    expect((await ask('/projects/prj-seed-0?limit=5')).status).toBe(400);
  });

  it('tells a list that is not one from an empty page', async () => {
    const { client } = await connect();
    await expect(client.listWells('prj-seed-2')).resolves.toMatchObject({
      data: [expect.anything(), expect.anything()],
    });
    await expect(client.getProject('nope')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('writes the published service takes', () => {
  it('creates a project with the four required members, filling our defaults', async () => {
    const { client, service } = await connect();
    const project = await client.createProject({ name: 'New field' });
    expect(service.requests.at(-1)?.body).toEqual({
      name: 'New field',
      description: '',
      timezone: 'UTC',
      unitSystem: 'imperial',
    });
    expect(project.name).toBe('New field');
  });

  it('creates a well without null members, and clears a member with null in a PATCH', async () => {
    const { client, service } = await connect();
    const well = await client.createWell('prj-seed-0', {
      name: 'W-9',
      apiNumber: null,
      latitude: null,
      spudDate: '2025-02-01',
    });
    expect(service.requests.at(-1)?.body).toEqual({ name: 'W-9', spudDate: '2025-02-01' });
    const patched = await client.updateWell('prj-seed-0', well.id, {
      spudDate: null,
      status: 'inactive',
    });
    expect(service.requests.at(-1)?.body).toEqual({ spudDate: null, status: 'inactive' });
    expect(patched.spudDate).toBeNull();
    expect(service.wells.get(well.id)).not.toHaveProperty('spudDate');
  });

  it('sends production without nulls: an unset value is left out, so the replaced day loses it', async () => {
    const { client, service } = await connect();
    const result = await client.upsertProduction('prj-seed-0', 'well-seed-0-0', [
      { date: '2025-01-02', oil_rate: 10, water_rate: null, bhp: null },
      { date: '2025-03-01', gas_rate: 5 },
    ]);
    expect(result).toEqual({ inserted: 1, updated: 1, total: 2 });
    expect(service.requests.at(-1)?.body).toEqual({
      records: [
        { date: '2025-01-02', oil_rate: 10 },
        { date: '2025-03-01', gas_rate: 5 },
      ],
    });
    expect(service.production.get('well-seed-0-0')?.get('2025-01-02')).toEqual({
      date: '2025-01-02',
      oil_rate: 10,
    });
  });

  it('sends 2,500 records as POSTs of at most 1,000, having found no CSV import', async () => {
    const { client, service } = await connect();
    const records = Array.from({ length: 2500 }, (_, i) => ({
      date: new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      oil_rate: i,
    }));
    const result = await client.upsertProductionChunked('prj-seed-1', 'well-seed-1-0', records);
    expect(result).toEqual({ inserted: 2500, updated: 0, total: 2500 });
    const sent = service.requests.filter((request) => request.method === 'POST');
    expect(sent.map((request) => (request.body as { records: unknown[] }).records.length)).toEqual([
      1000, 1000, 500,
    ]);
    expect(service.requests.some((request) => request.path.endsWith('/openapi.json'))).toBe(true);
  });

  it('finds no server extension on a service without an OpenAPI document', async () => {
    const { client, service } = await connect();
    expect(await client.offersProjectLatestProduction()).toBe(false);
    expect(await client.offersCsvImport()).toBe(false);
    expect(await client.offersProjectChanges()).toBe(false);
    // One look at the document answers all three.
    const looks = service.requests.filter((request) => request.path.endsWith('/openapi.json'));
    expect(looks).toHaveLength(1);
  });

  it('reports the refusal of a server that does not clear with null, naming its message', async () => {
    const { client } = await connect({ nullClears: false });
    await expect(
      client.updateWell('prj-seed-0', 'well-seed-0-0', { apiNumber: null }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'apiNumber must be a string',
    });
  });
});
