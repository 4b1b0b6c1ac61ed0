import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiWell } from '#shared/client/index.js';
import { WELL_SORT_COLUMNS } from '#shared/desktop/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import { wellOrder } from '../testing/well-order.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/** projects-list/get and wells-list/get against our real server with demo data. */

let demo: DemoServer;
let api: ApiClient;
let harness: CoreHarness;
let projectIds: string[];

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [40, 12, 12] });
  api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  harness = await startCore(demo);
  projectIds = (await harness.core.handlers['projects-list']({})).data.map((project) => project.id);
});

afterAll(async () => {
  await harness.close();
  await demo.close();
});

const handlers = () => harness.core.handlers;

async function serverWells(projectId: string, query: Parameters<ApiClient['listWells']>[1] = {}) {
  const wells: ApiWell[] = [];
  for await (const well of api.iterateWells(projectId, query)) wells.push(well);
  return wells;
}

describe('projects', () => {
  it('fetches the list the first time, then answers from the cache', async () => {
    const again = await handlers()['projects-list']({});
    expect(again).toMatchObject({ source: 'cache', stale: false, offline: false });
    const server: unknown[] = [];
    for await (const project of api.iterateProjects()) server.push(project);
    // The server's fields, and what this device holds offline (nothing yet).
    expect(again.data.map(({ offline: _offline, ...project }) => project)).toEqual(server);
    expect(again.data.map(({ offline }) => offline)).toEqual(
      server.map(() => ({ wellsCovered: 0, from: null, to: null })),
    );
    expect(again.fetchedAt).toEqual(expect.any(String));
  });

  it('gets one project, and forgets it when the server no longer has it', async () => {
    const created = await api.createProject({ name: 'Short-lived', unitSystem: 'metric' });
    const list = await handlers()['projects-list']({ refresh: 'await' });
    expect(list.data.map((project) => project.name)).toContain('Short-lived');
    const one = await handlers()['projects-get']({ projectId: created.id });
    expect(one).toMatchObject({ source: 'cache', data: created });

    await api.deleteProject(created.id);
    harness.events.length = 0;
    const gone = await coreErrorOf(
      handlers()['projects-get']({ projectId: created.id, refresh: 'await' }),
    );
    expect(gone.type).toBe('not-found');
    expect(harness.events).toEqual([
      { connectionId: expect.any(String), kind: 'projects', projectId: created.id },
    ]);
    expect((await handlers()['projects-list']({})).data.map((project) => project.id)).toEqual(
      projectIds,
    );
  });
});

describe('wells-list', () => {
  it('fetches the whole project once, then filters in the cache exactly as the server does', async () => {
    const projectId = projectIds[0]!;
    const before = harness.requests.length;
    const first = await handlers()['wells-list']({ projectId });
    expect(first).toMatchObject({ source: 'server', stale: false, offline: false });
    expect(harness.requests.slice(before)).toEqual([
      `GET /api/v1/projects/${projectId}`,
      `GET /api/v1/projects/${projectId}/wells?limit=1000`,
    ]);
    const all = await serverWells(projectId);
    // The server's fields, then the device's own: no production cached yet, no decline fit,
    // no screening figures.
    expect(
      first.data.wells.map(
        ({ syncState, lastProduction, availableOffline, decline, screening, ...well }) => {
          expect({ syncState, lastProduction, availableOffline, decline, screening }).toEqual({
            syncState: 'synced',
            lastProduction: null,
            availableOffline: null,
            decline: {},
            screening: null,
          });
          return well;
        },
      ),
    ).toEqual(all);
    expect(first.data).toMatchObject({ total: 40, projectTotal: 40, unitSystem: 'imperial' });

    const withApi = all.find((well) => well.apiNumber?.includes('-'))!;
    const searches = [
      withApi.name!.slice(0, 4).toUpperCase(),
      withApi.apiNumber!,
      withApi.apiNumber!.replace(/-/g, ''),
      withApi.apiNumber!.replace(/-/g, '').slice(2, 9),
      withApi.apiNumber!.slice(0, 8),
      'no such well',
    ];
    const queries = [
      {},
      { type: 'producer' as const },
      { status: 'active' as const },
      { type: 'injector' as const, status: 'shut_in' as const },
      ...searches.map((search) => ({ search })),
      { search: searches[0], status: 'active' as const },
    ];
    const sent = harness.requests.length;
    for (const query of queries) {
      const cached = await handlers()['wells-list']({ projectId, ...query });
      const expected = await serverWells(projectId, query);
      expect(cached.source).toBe('cache');
      expect(
        cached.data.wells.map((well) => well.id),
        JSON.stringify(query),
      ).toEqual(expected.map((well) => well.id));
      expect(cached.data.total).toBe(expected.length);
    }
    expect(harness.requests.length).toBe(sent); // every answer from the cache
    expect(
      (
        await handlers()['wells-list']({ projectId, search: withApi.apiNumber!.replace(/-/g, '') })
      ).data.wells.map((well) => well.id),
    ).toContain(withApi.id);
  });

  it('sorts on every column both ways, empty values last, in windows', async () => {
    const projectId = projectIds[0]!;
    // Give one well empty values, so "empty last" is really tested.
    const all = await serverWells(projectId);
    await api.updateWell(projectId, all[3]!.id, {
      lateralLength: null,
      perfInterval: null,
      spudDate: null,
    });
    const wells = (await handlers()['wells-list']({ projectId, refresh: 'await' })).data.wells;
    for (const column of WELL_SORT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sorted = await handlers()['wells-list']({ projectId, sort: { column, direction } });
        expect(
          sorted.data.wells.map((well) => well.id),
          `${column} ${direction}`,
        ).toEqual([...wells].sort(wellOrder(column, direction)).map((well) => well.id));
      }
    }
    const window = await handlers()['wells-list']({
      projectId,
      sort: { column: 'lateralLength', direction: 'desc' },
      offset: 10,
      limit: 5,
    });
    expect(window.data.wells).toHaveLength(5);
    expect(window.data).toMatchObject({ total: 40, projectTotal: 40 });
    expect(window.data.wells[0]!.id).toBe(
      [...wells].sort(wellOrder('lateralLength', 'desc'))[10]!.id,
    );
  });

  it('gives lengths in the project’s units, exactly as the server does', async () => {
    const metric = (await handlers()['projects-list']({})).data.find(
      (project) => project.unitSystem === 'metric',
    )!;
    const cached = await handlers()['wells-list']({ projectId: metric.id });
    expect(cached.data.unitSystem).toBe('metric');
    const server = await serverWells(metric.id);
    expect(cached.data.wells.map((well) => [well.lateralLength, well.perfInterval])).toEqual(
      server.map((well) => [well.lateralLength, well.perfInterval]),
    );
    const one = await handlers()['wells-get']({ projectId: metric.id, wellId: server[0]!.id });
    expect(one).toMatchObject({
      source: 'cache', // cached by the list
      data: { unitSystem: 'metric', well: { ...server[0], syncState: 'synced' } },
    });
  });

  it('answers from the cache when offline, and says what it cannot answer', async () => {
    const [cachedProject] = projectIds;
    const neverOpened = (await api.createProject({ name: 'Opened later' })).id;
    await handlers()['projects-list']({ refresh: 'await' });
    harness.setOffline(true);
    try {
      const offline = await handlers()['wells-list']({
        projectId: cachedProject!,
        type: 'producer',
        refresh: 'await',
      });
      expect(offline).toMatchObject({
        source: 'cache',
        stale: true,
        offline: true,
        fetchedAt: expect.any(String),
      });
      expect(offline.data.wells.every((well) => well.type === 'producer')).toBe(true);
      // Later reads know the connection is offline without trying again first.
      expect(await handlers()['projects-list']({})).toMatchObject({
        source: 'cache',
        offline: true,
        stale: true,
      });

      const error = await coreErrorOf(handlers()['wells-list']({ projectId: neverOpened }));
      expect(error.toJSON()).toMatchObject({
        type: 'offline',
        message: expect.stringMatching(/^The wells of project .* are not available offline/),
      });
    } finally {
      harness.setOffline(false);
    }
  });

  it('refreshes in the background when older than the freshness window, and says what changed', async () => {
    const projectId = projectIds[1]!;
    const fresh = await harness.reopen({ freshForMs: 0 });
    await fresh.handlers['wells-list']({ projectId });
    await fresh.whenIdle();
    harness.events.length = 0;

    const unchanged = await fresh.handlers['wells-list']({ projectId });
    expect(unchanged).toMatchObject({ source: 'cache', stale: true });
    await fresh.whenIdle();
    expect(harness.events).toEqual([]); // the server had nothing new: no event, no re-render

    const [well] = await serverWells(projectId);
    await api.updateWell(projectId, well!.id, {
      status: well!.status === 'active' ? 'inactive' : 'active',
    });
    const before = await fresh.handlers['wells-list']({ projectId });
    expect(before.data.wells.find((w) => w.id === well!.id)!.status).toBe(well!.status);
    await fresh.whenIdle();
    expect(harness.events).toEqual([
      { connectionId: expect.any(String), kind: 'wells', projectId },
    ]);
    const after = await fresh.handlers['wells-list']({ projectId });
    expect(after.data.wells.find((w) => w.id === well!.id)!.status).not.toBe(well!.status);

    // A well deleted on the server leaves the cache at the next refresh.
    await api.deleteWell(projectId, well!.id);
    await fresh.handlers['wells-list']({ projectId, refresh: 'await' });
    expect(
      (await fresh.handlers['wells-list']({ projectId })).data.wells.map((w) => w.id),
    ).not.toContain(well!.id);
  });
});
