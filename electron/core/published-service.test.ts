import { afterEach, describe, expect, it } from 'vitest';
import {
  startPublishedService,
  type PublishedService,
} from '#shared/client/testing/published-service/published-service.js';
import { startCore, type CoreHarness } from './testing/core-harness.js';

/**
 * The desktop core against a mock of the hosted service built from its
 * published schema (shared/client/testing/published-service/README.md): its
 * reads of projects, wells and production, the sync of edits and the offline
 * download work with bodies our server never sends, and what it sends is what
 * that schema names.
 */

let service: PublishedService;
let harness: CoreHarness;
const handlers = () => harness.core.handlers;

afterEach(async () => {
  await harness.close();
  await service.close();
});

async function connect() {
  service = await startPublishedService({
    seed: [
      { name: 'Permian Basin', unitSystem: 'imperial', wells: 4, days: 20 },
      { name: 'North Sea', unitSystem: 'metric', wells: 3, days: 20 },
      { name: 'Eagle Ford', unitSystem: 'imperial', wells: 2, days: 20 },
    ],
  });
  harness = await startCore(service);
}

describe('the core on the published service', () => {
  it('lists projects, falling back where members are missing', async () => {
    await connect();
    const projects = (await handlers()['projects-list']({ refresh: 'await' })).data;
    expect(projects.map((p) => [p.name, p.unitSystem, p.wellCount, p.timezone])).toEqual([
      ['Permian Basin', 'imperial', 4, 'America/Chicago'],
      ['North Sea', 'metric', null, 'America/Chicago'],
      ['Eagle Ford', 'imperial', 2, null],
    ]);
    expect(projects[1]).toMatchObject({ updatedAt: null });
  });

  it('lists and opens wells without type, status, name or half their perforations', async () => {
    await connect();
    const list = await handlers()['wells-list']({ projectId: 'prj-seed-1', refresh: 'await' });
    expect(list.data.unitSystem).toBe('metric');
    const byId = new Map(list.data.wells.map((well) => [well.id, well]));
    expect(byId.get('well-seed-1-0')).toMatchObject({ type: 'producer', status: 'active' });
    // The mock's fifth well: shape 1 (no type nor status, the top of the perforations only),
    // in the project's units (m) as the service sent them.
    expect(byId.get('well-seed-1-1')).toMatchObject({
      type: null,
      status: null,
      perfInterval: { topMd: 9010, bottomMd: null },
    });
    // The sixth: shape 2 (capitals, the bottom only).
    expect(byId.get('well-seed-1-2')).toMatchObject({
      type: 'observer',
      status: 'shut_in',
      perfInterval: { topMd: null, bottomMd: 18_020 },
    });

    const permian = await handlers()['wells-list']({ projectId: 'prj-seed-0', refresh: 'await' });
    const nameless = permian.data.wells.find((well) => well.id === 'well-seed-0-3');
    expect(nameless).toMatchObject({ name: 'well-seed-0-3', createdAt: null });
    const opened = await handlers()['wells-get']({
      projectId: 'prj-seed-0',
      wellId: 'well-seed-0-1',
      refresh: 'await',
    });
    expect(opened.data.well).toMatchObject({
      type: null,
      status: null,
      perfInterval: { topMd: 9010, bottomMd: null },
    });
  });

  it('reads production in each series shape', async () => {
    await connect();
    await handlers()['wells-list']({ projectId: 'prj-seed-0', refresh: 'await' });
    for (const wellId of ['well-seed-0-0', 'well-seed-0-1', 'well-seed-0-2']) {
      const view = (
        await handlers()['production-get']({
          projectId: 'prj-seed-0',
          wellId,
          from: '2025-01-01',
          to: '2025-01-04',
          aggregation: 'daily',
        })
      ).data;
      const days = service.production.get(wellId)!;
      expect(view.dates).toEqual(['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04']);
      expect(view.values.oil_rate).toEqual(view.dates.map((d) => days.get(d)!.oil_rate));
      expect(view.values.bhp).toEqual(view.dates.map((d) => days.get(d)!.bhp ?? null));
      expect(view.values.water_rate).toEqual(
        view.dates.map((d) => days.get(d)!.water_rate ?? null),
      );
    }
  });

  it('syncs edits with bodies the published schema names: no nulls, status alone', async () => {
    await connect();
    await handlers()['wells-list']({ projectId: 'prj-seed-0', refresh: 'await' });
    const target = { projectId: 'prj-seed-0', wellId: 'well-seed-0-1' };
    await handlers()['production-get']({
      ...target,
      from: '2025-01-01',
      to: '2025-01-10',
      aggregation: 'daily',
    });
    await handlers()['records-save']({
      ...target,
      records: [{ date: '2025-01-02', oil_rate: 321.5, water_rate: null }],
    });
    await handlers()['well-update']({ ...target, patch: { status: 'shut_in' } });
    await handlers()['sync-now']({});
    await harness.core.whenIdle();

    expect((await handlers()['outbox-list']({})).operations).toEqual([]);
    const posts = service.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const sent = (posts[0]!.body as { records: Array<Record<string, unknown>> }).records;
    expect(Object.values(sent[0]!)).not.toContain(null);
    expect(service.production.get(target.wellId)!.get('2025-01-02')).toMatchObject({
      oil_rate: 321.5,
    });
    expect(service.production.get(target.wellId)!.get('2025-01-02')).not.toHaveProperty(
      'water_rate',
    );
    const patch = service.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'shut_in' });
    // The PATCH's answer has no status (its shape): the change it accepted is kept...
    const kept = await handlers()['wells-get']({ ...target });
    expect(kept.data.well).toMatchObject({ status: 'shut_in', syncState: 'synced' });
    // ...until a later read of the well says nothing of it: then it is unknown again.
    const reread = await handlers()['wells-get']({ ...target, refresh: 'await' });
    expect(reread.data.well.status).toBeNull();
  });

  it('keeps well events on this computer, says they are not shared, and sends none', async () => {
    await connect();
    await handlers()['wells-list']({ projectId: 'prj-seed-0', refresh: 'await' });
    const saved = await handlers()['well-event-save']({
      projectId: 'prj-seed-0',
      wellId: 'well-seed-0-1',
      startDate: '2025-01-03',
      endDate: '2025-01-04',
      category: 'Facility',
    });
    await handlers()['sync-now']({});
    const listed = await handlers()['well-events-list']({ projectId: 'prj-seed-0' });
    expect(listed.shared).toBe(false);
    expect(listed.events).toMatchObject([{ id: saved.id, state: 'local' }]);
    // Nothing about events was sent: the service has no such path.
    expect(service.requests.filter((r) => r.path.includes('/events'))).toEqual([]);
    const log = await handlers()['changes-list']({ projectId: 'prj-seed-0', sources: ['event'] });
    expect(log.changes.map((change) => change.state)).toEqual(['local']);
    // Changed and deleted here, at once: nothing waits for a server that cannot take it.
    await handlers()['well-event-delete']({ projectId: 'prj-seed-0', id: saved.id });
    expect((await handlers()['well-events-list']({ projectId: 'prj-seed-0' })).events).toEqual([]);
  });

  it('downloads a project for offline use and answers from the cache offline', async () => {
    await connect();
    const range = { from: '2025-01-01', to: '2025-01-20' };
    await handlers()['offline-download-start']({ projectId: 'prj-seed-1', ...range });
    await harness.core.whenIdle();
    const status = await handlers()['offline-download-status']({ projectId: 'prj-seed-1' });
    expect(status).toMatchObject({ state: 'done', done: 3, total: 3, failed: [] });

    harness.setOffline(true);
    for (const wellId of ['well-seed-1-0', 'well-seed-1-1', 'well-seed-1-2']) {
      const view = (
        await handlers()['production-get']({
          projectId: 'prj-seed-1',
          wellId,
          ...range,
          aggregation: 'daily',
        })
      ).data;
      expect(view.missing).toEqual([]);
      expect(view.dates).toHaveLength(20);
      // Metric numbers stored and shown as the service sent them.
      expect(view.values.gas_rate?.[0]).toBeCloseTo(900, 6);
    }
  });
});

describe('keeping a project on the published service', () => {
  it('replicates it whole and keeps it current by reading recent days again', async () => {
    await connect();
    await handlers()['projects-list']({ refresh: 'await' });
    await handlers()['replica-open']({ projectId: 'prj-seed-1' });
    await harness.core.whenIdle();
    const status = await handlers()['replica-status']({ projectId: 'prj-seed-1' });
    expect(status).toMatchObject({ state: 'current', wellsTotal: 3, wellsComplete: 3 });
    expect(status.days).toBe(60);

    // No changes extension there: the next check reads each well's last 31 days again.
    const mark = harness.requests.length;
    await handlers()['replica-open']({ projectId: 'prj-seed-1' });
    await harness.core.whenIdle();
    const reads = harness.requests.slice(mark).filter((request) => request.includes('/production'));
    expect(reads).toHaveLength(3);
    for (const read of reads) expect(read).toMatch(/from=\d{4}-\d{2}-\d{2}&to=/);
    expect(harness.requests.slice(mark).some((request) => request.includes('/changes'))).toBe(
      false,
    );
  });
});
