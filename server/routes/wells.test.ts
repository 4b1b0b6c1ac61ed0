import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
let projectId: string;
beforeEach(async () => {
  h = await createHarness();
  projectId = await h.project();
});
afterEach(async () => {
  await h.close();
});

const wells = () => `/api/v1/projects/${projectId}/wells`;

describe('wells', () => {
  it('creates a well with defaults and every member present (null when unset)', async () => {
    const response = await h.call('POST', wells(), { body: { name: 'Mesa 1H' } });
    expect(response.statusCode).toBe(201);
    const well = response.json();
    expect(well).toMatchObject({
      projectId,
      name: 'Mesa 1H',
      apiNumber: null,
      type: 'producer',
      status: 'active',
      latitude: null,
      longitude: null,
      spudDate: null,
      firstProductionDate: null,
      lateralLength: null,
      perfInterval: null,
    });
    expect(well.id).toMatch(/^wel_/);
    expect(Object.keys(well)).toHaveLength(14);
    const read = await h.call('GET', `${wells()}/${well.id}`);
    expect(read.json()).toEqual(well);
  });

  it('keeps the API number as given and refuses a duplicate compared without dashes', async () => {
    const first = await h.call('POST', wells(), { body: { name: 'A', apiNumber: '42-301-31234' } });
    expect(first.json().apiNumber).toBe('42-301-31234');
    const dup = await h.call('POST', wells(), { body: { name: 'B', apiNumber: '4230131234' } });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(dup).details?.[0]?.path).toBe('apiNumber');
    // Another project may use it.
    const other = await h.project({ name: 'Other' });
    expect(
      (
        await h.call('POST', `/api/v1/projects/${other}/wells`, {
          body: { name: 'C', apiNumber: '4230131234' },
        })
      ).statusCode,
    ).toBe(201);
    // And a patch into a clash is refused too, changing nothing.
    const b = await h.well(projectId, { name: 'B', apiNumber: '42-301-31235' });
    const clash = await h.call('PATCH', `${wells()}/${b}`, {
      body: { apiNumber: '42301-31234', name: 'renamed' },
    });
    expect(clash.statusCode).toBe(409);
    expect((await h.call('GET', `${wells()}/${b}`)).json()).toMatchObject({
      name: 'B',
      apiNumber: '42-301-31235',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['missing name', {}, 'name'],
    ['API number of 11 digits', { name: 'A', apiNumber: '42301312345' }, 'apiNumber'],
    ['API number with letters', { name: 'A', apiNumber: '42-30A-31234' }, 'apiNumber'],
    ['double dash', { name: 'A', apiNumber: '42--301-31234' }, 'apiNumber'],
    ['latitude 91', { name: 'A', latitude: 91 }, 'latitude'],
    ['longitude -181', { name: 'A', longitude: -181 }, 'longitude'],
    ['latitude as a string', { name: 'A', latitude: '45' }, 'latitude'],
    ['unknown type', { name: 'A', type: 'oil' }, 'type'],
    ['unknown status', { name: 'A', status: 'dead' }, 'status'],
    ['impossible spud date', { name: 'A', spudDate: '2023-02-30' }, 'spudDate'],
    ['negative lateral', { name: 'A', lateralLength: -1 }, 'lateralLength'],
    [
      'perf top below bottom',
      { name: 'A', perfInterval: { topMd: 9000, bottomMd: 8000 } },
      'perfInterval.topMd',
    ],
    ['perf member missing', { name: 'A', perfInterval: { topMd: 9000 } }, 'perfInterval.bottomMd'],
    [
      'read-only firstProductionDate',
      { name: 'A', firstProductionDate: '2020-01-01' },
      'firstProductionDate',
    ],
    ['read-only projectId', { name: 'A', projectId: 'prj_x' }, 'projectId'],
    ['nested object for name', { name: { first: 'A' } }, 'name'],
  ])('refuses %s, naming the member', async (_label, body, path) => {
    const response = await h.call('POST', wells(), { body });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.map((d) => d.path)).toContain(path);
    expect((await h.call('GET', wells())).json().total).toBe(0);
  });

  it('patches only the members present; status may go anywhere', async () => {
    const id = await h.well(projectId, { name: 'A', latitude: 31.9, lateralLength: 10000 });
    for (const status of ['shut_in', 'inactive', 'active', 'shut_in']) {
      const response = await h.call('PATCH', `${wells()}/${id}`, { body: { status } });
      expect(response.json()).toMatchObject({
        status,
        name: 'A',
        latitude: 31.9,
        lateralLength: 10000,
      });
    }
    const cleared = await h.call('PATCH', `${wells()}/${id}`, { body: { latitude: null } });
    expect(cleared.json().latitude).toBeNull();
    const nullName = await h.call('PATCH', `${wells()}/${id}`, { body: { name: null } });
    expect(nullName.statusCode).toBe(400);
  });

  it('shows lengths in the project unit system while storing feet', async () => {
    const metric = await h.project({ name: 'M', unitSystem: 'metric' });
    const created = await h.call('POST', `/api/v1/projects/${metric}/wells`, {
      body: { name: 'A', lateralLength: 3048, perfInterval: { topMd: 2500, bottomMd: 5548 } },
    });
    expect(created.json()).toMatchObject({
      lateralLength: 3048,
      perfInterval: { topMd: 2500, bottomMd: 5548 },
    });
    expect(await h.scalar('SELECT lateral_length_ft FROM wells')).toBeCloseTo(10000, 9);
    await h.call('PATCH', `/api/v1/projects/${metric}`, { body: { unitSystem: 'imperial' } });
    const imperial = await h.call('GET', `/api/v1/projects/${metric}/wells/${created.json().id}`);
    expect(imperial.json().lateralLength).toBeCloseTo(10000, 9);
  });

  it('deletes a well and its production', async () => {
    const id = await h.well(projectId);
    await h.call('POST', `${wells()}/${id}/production`, {
      body: { records: [{ date: '2024-01-01', oil_rate: 1 }] },
    });
    expect((await h.call('DELETE', `${wells()}/${id}`)).statusCode).toBe(204);
    expect((await h.call('GET', `${wells()}/${id}`)).statusCode).toBe(404);
    expect(await h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
  });

  it('answers 404 for a well of another project and for odd ids', async () => {
    const id = await h.well(projectId);
    const other = await h.project({ name: 'Other' });
    expect((await h.call('GET', `/api/v1/projects/${other}/wells/${id}`)).statusCode).toBe(404);
    for (const odd of ['..%2F..', '%00', 'wel_%F0%9F%94%A5', "1' OR '1'='1", 'x'.repeat(3000)]) {
      const response = await h.call('GET', `${wells()}/${odd}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });
});

describe('wells list', () => {
  beforeEach(async () => {
    const specs = [
      ['Alpha 1H', '42-301-00001', 'producer', 'active'],
      ['alpha 2H', '42-301-00002', 'producer', 'shut_in'],
      ['Bravo Injector', '4230100003', 'injector', 'active'],
      ['Charlie SWD', '42-301-00004-00', 'swd', 'inactive'],
      ['Delta Obs', null, 'observer', 'active'],
    ] as const;
    for (const [name, apiNumber, type, status] of specs)
      await h.well(projectId, { name, apiNumber, type, status });
  });

  const names = async (query: Record<string, string>) =>
    (await h.call('GET', wells(), { query })).json().data.map((w: { name: string }) => w.name);

  it('sorts by lower-cased name and filters by type and status with AND', async () => {
    expect(await names({})).toEqual([
      'Alpha 1H',
      'alpha 2H',
      'Bravo Injector',
      'Charlie SWD',
      'Delta Obs',
    ]);
    expect(await names({ type: 'producer' })).toEqual(['Alpha 1H', 'alpha 2H']);
    expect(await names({ type: 'producer', status: 'shut_in' })).toEqual(['alpha 2H']);
    expect(await names({ status: 'active' })).toEqual(['Alpha 1H', 'Bravo Injector', 'Delta Obs']);
    const bad = await h.call('GET', wells(), { query: { type: 'oil' } });
    expect(errorOf(bad).details?.[0]?.path).toBe('query.type');
  });

  it('searches names case-insensitively and API numbers with dashes ignored on both sides', async () => {
    expect(await names({ search: 'ALPHA' })).toEqual(['Alpha 1H', 'alpha 2H']);
    expect(await names({ search: '4230100003' })).toEqual(['Bravo Injector']);
    expect(await names({ search: '42-301-00003' })).toEqual(['Bravo Injector']);
    expect(await names({ search: '0000400' })).toEqual(['Charlie SWD']);
    expect(await names({ search: '301-0000' })).toHaveLength(4);
    expect(await names({ search: 'zzz' })).toEqual([]);
    expect(
      (
        await h.call('GET', wells(), {
          query: { search: 'alpha', type: 'producer', status: 'active' },
        })
      ).json(),
    ).toMatchObject({
      total: 1,
      nextCursor: null,
    });
  });

  it('pages with cursors bound to the filters', async () => {
    const first = (await h.call('GET', wells(), { query: { limit: '2' } })).json();
    expect(first.total).toBe(5);
    expect(first.data).toHaveLength(2);
    const second = (
      await h.call('GET', wells(), { query: { limit: '2', cursor: first.nextCursor } })
    ).json();
    expect(second.data.map((w: { name: string }) => w.name)).toEqual([
      'Bravo Injector',
      'Charlie SWD',
    ]);
    const foreign = await h.call('GET', wells(), {
      query: { limit: '2', cursor: first.nextCursor, type: 'swd' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).details?.[0]?.path).toBe('query.cursor');
    for (const limit of ['0', '1001', '2.0']) {
      expect((await h.call('GET', wells(), { query: { limit } })).statusCode).toBe(400);
    }
    expect((await h.call('GET', wells(), { query: { limit: '1000' } })).statusCode).toBe(200);
  });
});
