import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { ApiCallError } from './api-call-error.js';
import { startTestServer, type TestServer } from './testing/real-server.js';

/** Every method against the real server on a loopback port. */

let server: TestServer;
let client: ApiClient;
const sent: Array<{ url: string; init: RequestInit }> = [];

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient({
    baseUrl: server.baseUrl,
    token: server.token,
    fetch: (url, init) => {
      sent.push({ url, init });
      return fetch(url, init);
    },
  });
});

afterAll(async () => {
  await server.close();
});

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

describe('ApiClient against the real server', () => {
  it('creates, reads, lists, updates and deletes a project', async () => {
    const created = await client.createProject({
      name: 'North Field',
      timezone: 'America/Chicago',
    });
    expect(created).toMatchObject({
      name: 'North Field',
      description: '',
      timezone: 'America/Chicago',
      unitSystem: 'imperial',
      wellCount: 0,
    });
    expect(created.id).toMatch(/^prj_/);
    expect(await client.getProject(created.id)).toEqual(created);

    const page = await client.listProjects({ limit: 200 });
    expect(page.data.map((project) => project.id)).toContain(created.id);
    expect(page.total).toBeGreaterThanOrEqual(1);

    const updated = await client.updateProject(created.id, {
      description: 'Permian',
      unitSystem: 'metric',
    });
    expect(updated).toMatchObject({ id: created.id, description: 'Permian', unitSystem: 'metric' });

    await expect(client.deleteProject(created.id)).resolves.toBeUndefined();
    const gone = await client.getProject(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ApiCallError);
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((gone as ApiCallError).requestId).toMatch(/^req_/);
  });

  it('creates, reads, filters, updates and deletes wells', async () => {
    const project = await client.createProject({ name: 'Wells' });
    const a = await client.createWell(project.id, {
      name: 'Alpha 1H',
      apiNumber: '42-123-45678',
      type: 'producer',
      latitude: 31.9,
      longitude: -102.1,
      spudDate: '2020-05-01',
      lateralLength: 9800,
      perfInterval: { topMd: 8000, bottomMd: 17800 },
    });
    const b = await client.createWell(project.id, {
      name: 'Bravo SWD',
      type: 'swd',
      status: 'inactive',
    });
    expect(a).toMatchObject({ projectId: project.id, name: 'Alpha 1H', firstProductionDate: null });
    expect(a.perfInterval).toEqual({ topMd: 8000, bottomMd: 17800 });
    expect(b).toMatchObject({ apiNumber: null, latitude: null, perfInterval: null });
    // Our server's extension is read when present.
    expect(typeof a.updatedAt).toBe('string');

    expect(await client.getWell(project.id, a.id)).toEqual(a);
    expect((await client.listWells(project.id)).total).toBe(2);
    expect(
      (await client.listWells(project.id, { type: 'swd' })).data.map((well) => well.id),
    ).toEqual([b.id]);
    expect(
      (await client.listWells(project.id, { status: 'active' })).data.map((well) => well.id),
    ).toEqual([a.id]);
    expect(
      (await client.listWells(project.id, { search: '4212345' })).data.map((well) => well.id),
    ).toEqual([a.id]);

    const shut = await client.updateWell(project.id, a.id, {
      status: 'shut_in',
      name: 'Alpha 1H (SI)',
    });
    expect(shut).toMatchObject({ status: 'shut_in', name: 'Alpha 1H (SI)' });

    await client.deleteWell(project.id, b.id);
    await expect(client.getWell(project.id, b.id)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect((await client.getProject(project.id)).wellCount).toBe(1);
  });

  it('upserts, reads (daily, fields, monthly) and deletes production', async () => {
    const project = await client.createProject({ name: 'Production' });
    const well = await client.createWell(project.id, { name: 'P-1' });
    const records = [
      { date: '2024-01-30', oil_rate: 100, gas_rate: 200, water_rate: 10 },
      { date: '2024-01-31', oil_rate: 90, gas_rate: 180 },
      { date: '2024-02-01', oil_rate: 80, bhp: 1500 },
    ];
    expect(await client.upsertProduction(project.id, well.id, records)).toEqual({
      inserted: 3,
      updated: 0,
      total: 3,
    });
    expect(await client.upsertProduction(project.id, well.id, records.slice(0, 1))).toEqual({
      inserted: 0,
      updated: 1,
      total: 1,
    });

    const daily = await client.getProduction(project.id, well.id, {
      from: '2024-01-01',
      to: '2024-12-31',
      fields: ['oil_rate', 'bhp'],
    });
    expect(daily).toMatchObject({
      wellId: well.id,
      aggregation: 'daily',
      fields: ['date', 'oil_rate', 'bhp'],
    });
    expect(daily.data).toEqual([
      { date: '2024-01-30', oil_rate: 100, bhp: null },
      { date: '2024-01-31', oil_rate: 90, bhp: null },
      { date: '2024-02-01', oil_rate: 80, bhp: 1500 },
    ]);

    const monthly = await client.getProduction(project.id, well.id, {
      from: '2024-01-01',
      to: '2024-12-31',
      aggregation: 'monthly',
    });
    expect(monthly.aggregation).toBe('monthly');
    expect(monthly.data.map((item) => [item.date, item.oil_rate])).toEqual([
      ['2024-01-01', 95],
      ['2024-02-01', 80],
    ]);
    expect(monthly.fields[0]).toBe('date');

    expect(
      await client.deleteProduction(project.id, well.id, { from: '2024-01-31', to: '2024-02-28' }),
    ).toEqual({
      deleted: 2,
    });
    expect(
      (await client.getProduction(project.id, well.id, { from: '2024-01-01', to: '2024-12-31' }))
        .data,
    ).toHaveLength(1);
  });

  it('sends the bearer token, Accept and, with a body, Content-Type', async () => {
    sent.length = 0;
    const project = await client.createProject({ name: 'Headers' });
    await client.getProject(project.id);
    const [post, get] = sent;
    expect(headersOf(post!.init)).toMatchObject({
      authorization: `Bearer ${server.token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(post!.init.method).toBe('POST');
    expect(headersOf(get!.init)).toMatchObject({
      authorization: `Bearer ${server.token}`,
      accept: 'application/json',
    });
    expect(headersOf(get!.init)['content-type']).toBeUndefined();
  });

  it('turns the error envelope into ApiCallError with code, status, requestId and details', async () => {
    const error = (await client
      .createProject({ name: 'x', unitSystem: 'furlongs' as 'metric' })
      .catch((caught: unknown) => caught)) as ApiCallError;
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ name: 'ApiCallError', status: 400, code: 'VALIDATION_ERROR' });
    expect(error.details?.[0]?.path).toBe('unitSystem');
    expect(error.requestId).toMatch(/^req_/);

    const stranger = new ApiClient({ baseUrl: server.baseUrl, token: 'flw_not-a-real-token' });
    await expect(stranger.listProjects()).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('does not show another user’s project, and says so with NOT_FOUND', async () => {
    const project = await client.createProject({ name: 'Private' });
    const bob = new ApiClient({ baseUrl: server.baseUrl, token: server.tokenFor('bob') });
    await expect(bob.getProject(project.id)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('encodes ids into the path', async () => {
    await expect(client.getProject('a/b?c')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it("finds the latest-production summary in the OpenAPI document and reads a project's", async () => {
    const project = await client.createProject({ name: 'Summary Field' });
    const well = await client.createWell(project.id, { name: 'Summary 1H' });
    await client.upsertProduction(project.id, well.id, [
      { date: '2025-01-01', oil_rate: 100, gas_rate: 300 },
      { date: '2025-02-01', oil_rate: 80, gas_rate: 250 },
    ]);
    const looks: string[] = [];
    const fresh = new ApiClient({
      baseUrl: server.baseUrl,
      token: server.token,
      fetch: (url, init) => {
        looks.push(url);
        return fetch(url, init);
      },
    });
    expect(await fresh.offersProjectLatestProduction()).toBe(true);
    // The document is read once per client, whichever extension is asked about.
    expect(await fresh.offersCsvImport()).toBe(true);
    expect(looks.filter((url) => url.endsWith('/openapi.json'))).toHaveLength(1);

    // A caller that gives up while the document is on its way gets its abort; the document
    // is still read, and the next caller hears what it lists (not "nothing", for good).
    const another = new ApiClient({ baseUrl: server.baseUrl, token: server.token });
    const cancel = new AbortController();
    const asked = another.offersProjectLatestProduction({ signal: cancel.signal });
    cancel.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
    expect(await another.offersProjectLatestProduction()).toBe(true);
    await expect(another.offersCsvImport({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await another.offersCsvImport()).toBe(true);

    // No answer at all is the caller's error (the server is unreachable, and must not look
    // as though it answered "no extensions"); the next question asks again.
    const unreachable = new ApiClient({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      token: server.token,
      retry: { maxAttempts: 1 },
    });
    await expect(unreachable.offersProjectChanges()).rejects.toMatchObject({ status: 0 });
    await expect(unreachable.offersCsvImport()).rejects.toMatchObject({ status: 0 });
    expect(unreachable.answered).toBe(0);
    // A remembered answer is no answer: the count moves only when the server answers now.
    const answered = another.answered;
    expect(await another.offersCsvImport()).toBe(true);
    expect(another.answered).toBe(answered);
    await another.listProjects();
    expect(another.answered).toBe(answered + 1);
    const summary = await client.getProjectLatestProduction(project.id);
    expect(summary).toMatchObject({ projectId: project.id, changeDays: 30, sparklineDays: 90 });
    expect(summary.data).toEqual([
      {
        wellId: well.id,
        latest: { date: '2025-02-01', oil_rate: 80, gas_rate: 250, water_rate: null },
        previous: { date: '2025-01-01', oil_rate: 100, gas_rate: 300, water_rate: null },
        sparkline: expect.objectContaining({ from: '2024-11-04' }),
      },
    ]);
    expect(summary.data[0]?.sparkline?.oil_rate.at(-1)).toBe(80);
  });

  it('finds the changes extension in the OpenAPI document and follows a project with it', async () => {
    const project = await client.createProject({ name: 'Changes Field' });
    const a = await client.createWell(project.id, { name: 'Changes 1H' });
    const b = await client.createWell(project.id, { name: 'Changes 2H' });
    expect(await client.offersProjectChanges()).toBe(true);

    const first = await client.getProjectChanges(project.id, null);
    expect(first).toMatchObject({ projectId: project.id, since: null, reset: false });
    expect(first.wells.map((well) => well.id)).toEqual([a.id, b.id]);
    // Nothing changed: since is sent as a query parameter and the answer lists nothing.
    const quiet = await client.getProjectChanges(project.id, first.version);
    expect(quiet).toMatchObject({ since: first.version, version: first.version, wells: [] });

    await client.upsertProduction(project.id, b.id, [{ date: '2025-01-01', oil_rate: 5 }]);
    const later = await client.getProjectChanges(project.id, first.version);
    expect(later.wells).toEqual([{ id: b.id, version: later.version, deleted: false }]);

    // A since ahead of the server (a restored database): reset, every well listed again.
    const ahead = await client.getProjectChanges(project.id, later.version + 10);
    expect(ahead).toMatchObject({ reset: true, version: later.version });
    expect(ahead.wells).toHaveLength(2);
    const cancelled = client.getProjectChanges(project.id, null, { signal: AbortSignal.abort() });
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a base URL that is not the v1 API', () => {
    expect(() => new ApiClient({ baseUrl: 'https://example.com/api', token: 't' })).toThrow(
      /\/api\/v1/,
    );
    expect(
      () => new ApiClient({ baseUrl: 'https://example.com/api/v1/', token: 't' }),
    ).not.toThrow();
  });
});
