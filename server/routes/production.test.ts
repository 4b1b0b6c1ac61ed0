import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

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

const url = () => `/api/v1/projects/${projectId}/wells/${wellId}/production`;
const post = (records: unknown, extra: Record<string, unknown> = {}) =>
  h.call('POST', url(), { body: { records, ...extra } });
const get = (query: Record<string, string>) => h.call('GET', url(), { query });
const rowCount = () => h.scalar('SELECT COUNT(*) FROM production');

function days(start: string, count: number, make: (i: number) => Record<string, unknown>) {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    ...make(i),
  }));
}

describe('production POST', () => {
  it('upserts, counting inserted and updated, replacing whole records', async () => {
    const first = await post([
      { date: '2024-01-01', oil_rate: 100, gas_rate: 50, runtime: 24 },
      { date: '2024-01-02', oil_rate: 90 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ inserted: 2, updated: 0, total: 2 });
    const second = await post([
      { date: '2024-01-02', water_rate: 5 },
      { date: '2024-01-03', oil_rate: 80 },
    ]);
    expect(second.json()).toEqual({ inserted: 1, updated: 1, total: 2 });
    const data = (await get({ from: '2024-01-01', to: '2024-01-31' })).json().data;
    expect(data).toHaveLength(3);
    // The replaced record lost oil_rate: members absent from the request become null.
    expect(data[1]).toMatchObject({ date: '2024-01-02', oil_rate: null, water_rate: 5 });
    expect(data[0]).toMatchObject({ oil_rate: 100, gas_rate: 50, runtime: 24, bhp: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['watercut over 100', { watercut: 100.5 }, 'records[1].watercut'],
    ['runtime over 24', { runtime: 25 }, 'records[1].runtime'],
    ['negative rate', { oil_rate: -1 }, 'records[1].oil_rate'],
    ['a string for a number', { gas_rate: '12' }, 'records[1].gas_rate'],
    ['a nested object', { bhp: { value: 1 } }, 'records[1].bhp'],
    ['an unknown member', { oil: 1 }, 'records[1].oil'],
    ['a boolean', { thp: true }, 'records[1].thp'],
  ])('refuses the whole batch for %s, naming record and field', async (_label, bad, path) => {
    const response = await post([
      { date: '2024-01-01', oil_rate: 1 },
      { date: '2024-01-02', ...bad },
    ]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.map((d) => d.path)).toContain(path);
    expect(await rowCount()).toBe(0);
  });

  it('refuses 1e309 (infinite once parsed) and impossible dates', async () => {
    const infinite = await h.call('POST', url(), {
      body: '{"records":[{"date":"2024-01-01","oil_rate":1e309}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(infinite.statusCode).toBe(400);
    expect(errorOf(infinite).details?.[0]?.path).toBe('records[0].oil_rate');
    const impossible = await post([{ date: '2023-02-29' }]);
    expect(errorOf(impossible).details?.[0]?.path).toBe('records[0].date');
    expect((await post([{ oil_rate: 1 }])).statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
  });

  it('refuses a date repeated within one request, and empty or missing records', async () => {
    const repeated = await post([
      { date: '2024-01-01' },
      { date: '2024-01-02' },
      { date: '2024-01-01' },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(errorOf(repeated).details?.[0]?.path).toBe('records[2].date');
    expect((await post([])).statusCode).toBe(400);
    expect((await h.call('POST', url(), { body: {} })).statusCode).toBe(400);
    expect((await h.call('POST', url(), { body: [] })).statusCode).toBe(400);
    expect((await post('many')).statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
  });

  it('takes 10,000 records in one request and refuses 10,001 with 413', async () => {
    const ok = await post(days('2000-01-01', 10_000, (i) => ({ oil_rate: i })));
    expect(ok.json()).toEqual({ inserted: 10_000, updated: 0, total: 10_000 });
    const tooMany = await post(days('1970-01-01', 10_001, () => ({})));
    expect(tooMany.statusCode).toBe(413);
    expect(errorOf(tooMany).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await rowCount()).toBe(10_000);
  });

  it('keeps firstProductionDate current through writes and deletes', async () => {
    const fpd = async () =>
      (await h.call('GET', `/api/v1/projects/${projectId}/wells/${wellId}`)).json()
        .firstProductionDate;
    await post([
      { date: '2024-03-01', oil_rate: 0, gas_rate: 0 },
      { date: '2024-03-05', water_rate: 3 },
    ]);
    expect(await fpd()).toBe('2024-03-05');
    await post([{ date: '2024-02-10', gas_rate: 1 }]);
    expect(await fpd()).toBe('2024-02-10');
    await post([{ date: '2024-02-10', gas_rate: 0 }]);
    expect(await fpd()).toBe('2024-03-05');
    await h.call('DELETE', url(), { query: { from: '2024-03-01', to: '2024-03-31' } });
    expect(await fpd()).toBeNull();
  });
});

describe('production GET', () => {
  beforeEach(async () => {
    await post([
      {
        date: '2024-01-30',
        oil_rate: 100,
        gas_rate: 200,
        water_rate: 100,
        bhp: 1000,
        runtime: 24,
        gor: 2000,
        watercut: 50,
      },
      { date: '2024-01-31', oil_rate: 300, gas_rate: 200, runtime: 12 },
      { date: '2024-02-01', oil_rate: 50 },
      { date: '2024-03-15', choke_size: 32 },
    ]);
  });

  it('returns every field by default, in table order, null when missing, sorted, in range', async () => {
    const response = await get({ from: '2024-01-31', to: '2024-02-29' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      wellId,
      from: '2024-01-31',
      to: '2024-02-29',
      aggregation: 'daily',
    });
    expect(body.fields).toEqual(['date', ...PRODUCTION_FIELDS]);
    expect(body.data.map((d: { date: string }) => d.date)).toEqual(['2024-01-31', '2024-02-01']);
    expect(Object.keys(body.data[1])).toEqual(['date', ...PRODUCTION_FIELDS]);
    expect(body.data[1]).toMatchObject({ oil_rate: 50, gas_rate: null, watercut: null });
  });

  it('returns only the asked-for fields in table order, collapsing duplicates', async () => {
    const body = (
      await get({ from: '2024-01-01', to: '2024-12-31', fields: 'gas_rate,oil_rate,oil_rate' })
    ).json();
    expect(body.fields).toEqual(['date', 'oil_rate', 'gas_rate']);
    expect(body.data[0]).toEqual({ date: '2024-01-30', oil_rate: 100, gas_rate: 200 });
    const repeated = (
      await h.call('GET', `${url()}?from=2024-01-01&to=2024-12-31&fields=bhp&fields=thp`)
    ).json();
    expect(repeated.fields).toEqual(['date', 'bhp', 'thp']);
  });

  it('aggregates monthly as decided', async () => {
    const body = (
      await get({ from: '2024-01-01', to: '2024-12-31', aggregation: 'monthly' })
    ).json();
    expect(body.aggregation).toBe('monthly');
    expect(body.data.map((d: { date: string }) => d.date)).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
    const january = body.data[0];
    expect(january.oil_rate).toBe(200);
    expect(january.runtime).toBe(18);
    expect(january.gor).toBe(1000); // 1000 × 400 / 400, not the mean of the gor member
    expect(january.watercut).toBe(50); // only 01-30 has both water and oil
    expect(body.data[2]).toMatchObject({ choke_size: 32, oil_rate: null, gor: null });
    // Only the days inside [from, to] count.
    const partial = (
      await get({ from: '2024-01-31', to: '2024-01-31', aggregation: 'monthly' })
    ).json();
    expect(partial.data).toEqual([expect.objectContaining({ date: '2024-01-01', oil_rate: 300 })]);
  });

  it.each<[string, Record<string, string>, string]>([
    ['from missing', { to: '2024-01-01' }, 'query.from'],
    ['to missing', { from: '2024-01-01' }, 'query.to'],
    ['from after to', { from: '2024-02-01', to: '2024-01-01' }, 'query.from'],
    ['impossible date', { from: '2024-02-30', to: '2024-03-01' }, 'query.from'],
    [
      'unknown field',
      { from: '2024-01-01', to: '2024-01-02', fields: 'oil_rate,oil' },
      'query.fields',
    ],
    ['empty fields', { from: '2024-01-01', to: '2024-01-02', fields: '' }, 'query.fields'],
    [
      'unknown aggregation',
      { from: '2024-01-01', to: '2024-01-02', aggregation: 'weekly' },
      'query.aggregation',
    ],
  ])('refuses %s', async (_label, query, path) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.map((d) => d.path)).toContain(path);
  });
});

describe('production response cache', () => {
  it('never serves a stale body: writes and deletes invalidate, another well never shares', async () => {
    const range = { from: '2024-01-01', to: '2024-01-31' };
    await post([{ date: '2024-01-01', oil_rate: 1 }]);
    expect((await get(range)).json().data[0].oil_rate).toBe(1);
    await post([{ date: '2024-01-01', oil_rate: 2 }]);
    expect((await get(range)).json().data[0].oil_rate).toBe(2);
    const monthly = { ...range, aggregation: 'monthly' };
    expect((await get(monthly)).json().data[0].oil_rate).toBe(2);
    await h.call('DELETE', url(), { query: range });
    expect((await get(range)).json().data).toEqual([]);
    expect((await get(monthly)).json().data).toEqual([]);
    const first = wellId;
    wellId = await h.well(projectId, { name: 'Other' });
    await post([{ date: '2024-01-01', oil_rate: 7 }]);
    expect((await get(range)).json().data[0].oil_rate).toBe(7);
    wellId = first;
    expect((await get(range)).json().data).toEqual([]);
  });
});

describe('production in a metric project', () => {
  it('accepts and returns metric values, storing imperial, exactly as typed', async () => {
    projectId = await h.project({ name: 'Metric', unitSystem: 'metric' });
    wellId = await h.well(projectId);
    await post([
      {
        date: '2024-01-01',
        oil_rate: 10,
        gas_rate: 2.5,
        bhp: 15000,
        choke_size: 12.7,
        gor: 250,
        runtime: 20,
        watercut: 33.3,
      },
    ]);
    const [stored] = (await h.rows(
      'SELECT oil_rate, gas_rate, bhp, choke_size, gor FROM production',
    )) as [Record<string, number>];
    expect(stored.oil_rate).toBeCloseTo(10 / 0.158987294928, 9);
    expect(stored.gas_rate).toBeCloseTo(2.5 / 0.028316846592, 9);
    expect(stored.bhp).toBeCloseTo(15000 / 6.894757293168361, 9);
    expect(stored.choke_size).toBeCloseTo(32, 9);
    const [day] = (await get({ from: '2024-01-01', to: '2024-01-01' })).json().data;
    expect(day).toEqual({
      date: '2024-01-01',
      oil_rate: 10,
      water_rate: null,
      gas_rate: 2.5,
      bhp: 15000,
      thp: null,
      choke_size: 12.7,
      runtime: 20,
      gor: 250,
      watercut: 33.3,
    });
    // Monthly GOR from metric rates: 1000 × 2.5 / 10 = 250 m³/m³.
    const [month] = (
      await get({ from: '2024-01-01', to: '2024-01-31', aggregation: 'monthly' })
    ).json().data;
    expect(month.gor).toBe(250);
    // Switching the project to imperial changes the numbers shown, not the data.
    await h.call('PATCH', `/api/v1/projects/${projectId}`, { body: { unitSystem: 'imperial' } });
    const [imperial] = (await get({ from: '2024-01-01', to: '2024-01-01' })).json().data;
    expect(imperial.oil_rate).toBeCloseTo(62.898107704, 8);
    expect(imperial.choke_size).toBeCloseTo(32, 9);
  });
});

describe('production DELETE', () => {
  it('deletes the records in the range and says how many', async () => {
    await post(days('2024-01-01', 60, () => ({ oil_rate: 1 })));
    const response = await h.call('DELETE', url(), {
      query: { from: '2024-01-10', to: '2024-01-19' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 10 });
    expect(await rowCount()).toBe(50);
    const again = await h.call('DELETE', url(), {
      query: { from: '2024-01-10', to: '2024-01-19' },
    });
    expect(again.json()).toEqual({ deleted: 0 });
    const bad = await h.call('DELETE', url(), { query: { from: '2024-01-19', to: '2024-01-10' } });
    expect(bad.statusCode).toBe(400);
    expect((await h.call('DELETE', url(), { query: { from: '2024-01-01' } })).statusCode).toBe(400);
    expect(await rowCount()).toBe(50);
  });
});
