import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/** The engine sends the outbox: what reaches the server, what the cache learns, and how many requests. */

let fixture: SyncFixture;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [2, 0, 1] });
});

afterAll(() => fixture.close());

const core = () => fixture.harness.core.handlers;

describe('sync', () => {
  it('sends upserts, deletes and well changes, then caches what the server has', async () => {
    const [imperial] = (await fixture.wells('imperial', 1)) as [WellRef];
    const [metric] = (await fixture.wells('metric', 1)) as [WellRef];
    const range = { from: '2024-05-01', to: '2024-05-31' };
    for (const well of [imperial, metric]) {
      await core()['production-get']({
        projectId: well.projectId,
        wellId: well.wellId,
        ...range,
        aggregation: 'daily',
      });
    }
    await core()['records-save']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      records: [
        day('2024-05-02', { oil_rate: 321.5, watercut: 12 }),
        day('2024-05-03', { gas_rate: 7 }),
      ],
    });
    await core()['records-delete']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-05-10',
      to: '2024-05-12',
    });
    await core()['records-save']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      records: [{ date: '2024-05-04', oil_rate: 10, bhp: 4554.9 }],
    });
    await core()['well-update']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      patch: { status: 'shut_in', lateralLength: 1000 },
    });

    const status = await fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');
    expect(status).toMatchObject({
      online: true,
      errors: 0,
      conflicts: 0,
      lastSyncAt: expect.any(String),
      lastError: null,
    });
    expect(await fixture.outbox()).toEqual([]);

    const imperialDays = await fixture.serverDays(imperial, range.from, range.to);
    expect(imperialDays.get('2024-05-02')).toEqual(
      day('2024-05-02', { oil_rate: 321.5, watercut: 12 }),
    );
    expect(imperialDays.get('2024-05-03')).toEqual(day('2024-05-03', { gas_rate: 7 }));
    expect(
      ['2024-05-10', '2024-05-11', '2024-05-12'].filter((date) => imperialDays.has(date)),
    ).toEqual([]);
    expect(
      (await fixture.serverDays(metric, '2024-05-04', '2024-05-04')).get('2024-05-04'),
    ).toEqual(day('2024-05-04', { oil_rate: 10, bhp: 4554.9 }));
    const well = await fixture.api.getWell(metric.projectId, metric.wellId);
    expect(well).toMatchObject({ status: 'shut_in', lateralLength: 1000 });

    // The cache holds the server's rows now, marked synced, without asking the server again.
    const mark = fixture.harness.requests.length;
    const view = await core()['production-get']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      ...range,
      aggregation: 'daily',
    });
    expect(fixture.harness.requests.length).toBe(mark);
    expect(view.data.states.every((state) => state === 'synced')).toBe(true);
    expect(view.data.dates).toEqual([...imperialDays.keys()]);
    expect(view.data.values.oil_rate![view.data.dates.indexOf('2024-05-02')]).toBe(321.5);
    const cachedWell = await core()['wells-get']({
      projectId: metric.projectId,
      wellId: metric.wellId,
    });
    expect(cachedWell.data.well).toMatchObject({
      status: 'shut_in',
      lateralLength: 1000,
      syncState: 'synced',
    });
    expect(fixture.statuses.some((s) => s.phase === 'syncing')).toBe(true);
  });

  it('sends 10,000 edits across 20 wells: one POST per well of up to 1,000 records, a CSV import for more, one conflict read per well', async () => {
    const project = (await fixture.wells('imperial', 1))[0]!.projectId;
    const wells: WellRef[] = [];
    for (let i = 0; i < 20; i++) {
      const well = await fixture.api.createWell(project, {
        name: `Count ${String(i).padStart(2, '0')}H`,
      });
      wells.push({ projectId: project, wellId: well.id, well });
    }
    await core()['wells-list']({ projectId: project, refresh: 'await' });
    // One well gets 5,250 records (one CSV import: our server offers it), the others 250
    // each (one JSON POST): 10,000 in all.
    const counts = wells.map((_, i) => (i === 0 ? 5_250 : 250));
    const start = '2005-01-01';
    for (const [i, well] of wells.entries()) {
      await core()['production-get']({
        projectId: project,
        wellId: well.wellId,
        from: start,
        to: addDays(start, counts[i]! - 1),
        aggregation: 'daily',
      });
    }

    fixture.harness.setOffline(true);
    for (const [i, well] of wells.entries()) {
      // Several saves per well: they coalesce into one operation.
      const records = Array.from({ length: counts[i]! }, (_, d) =>
        day(addDays(start, d), { oil_rate: d, runtime: 24 }),
      );
      for (let from = 0; from < records.length; from += 1_000) {
        await core()['records-save']({
          projectId: project,
          wellId: well.wellId,
          records: records.slice(from, from + 1_000),
        });
      }
    }
    await fixture.waitForStatus((s) => s.phase === 'offline');
    const mark = fixture.harness.requests.length;
    fixture.harness.setOffline(false);
    const status = await core()['sync-now']({});
    expect(status).toMatchObject({ phase: 'idle', pending: 0, errors: 0, conflicts: 0 });

    const sent = fixture.harness.requests.slice(mark);
    const posts = sent.filter((request) => request.startsWith('POST '));
    const reads = sent.filter(
      (request) => request.startsWith('GET ') && request.includes('/production?'),
    );
    expect(posts.length).toBe(20);
    expect(posts.filter((request) => request.endsWith('/production/import'))).toEqual([
      `POST /api/v1/projects/${project}/wells/${wells[0]!.wellId}/production/import`,
    ]);
    expect(reads.length).toBe(20);
    // Whether the server offers the CSV import: asked once, from its OpenAPI document.
    const asked = sent.filter((request) => request === 'GET /api/v1/openapi.json');
    expect(asked).toHaveLength(1);
    expect(sent.length).toBe(posts.length + reads.length + asked.length);
    for (const well of wells) {
      expect(
        reads.filter((request) => request.includes(`/wells/${well.wellId}/production`)).length,
      ).toBe(1);
    }
    const big = await fixture.serverDays(wells[0]!, start, '2030-01-01');
    expect(big.size).toBe(5_250);
    expect(big.get(addDays(start, 5_249))).toEqual(
      day(addDays(start, 5_249), { oil_rate: 5_249, runtime: 24 }),
    );
  });
});
