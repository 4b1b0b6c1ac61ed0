import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject, ApiWell } from '#shared/client/index.js';
import { rowsOf } from '../testing/production-fixture.js';
import {
  expectMonotonicProgress,
  startDownloadFixture,
  wellOfRequest,
  type DownloadFixture,
} from './testing/download-fixture.js';

/** A complete offline download, read back with the network cut, run again, and after a restart. */

const RANGE = { from: '2022-07-01', to: '2025-06-30' };

let fixture: DownloadFixture;
let imperial: ApiProject;
let metric: ApiProject;
let wells: ApiWell[];

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [12, 0, 3] });
  [imperial, , metric] = fixture.projects as [ApiProject, ApiProject, ApiProject];
  wells = await fixture.wellsOf(imperial.id);
});

afterAll(() => fixture.close());

describe('offline download of a project', () => {
  it('fetches every well once, reporting progress that only moves forward', async () => {
    const mark = fixture.harness.requests.length;
    const started = await fixture.start(imperial.id, RANGE);
    expect(started).toMatchObject({ state: 'running', ...RANGE, done: 0, total: 0 });

    const final = await fixture.finished(imperial.id);
    expect(final).toMatchObject({
      state: 'done',
      done: 12,
      total: 12,
      alreadyCached: 0,
      failed: [],
      error: null,
      etaMs: null,
      available: { ...RANGE, wellsCovered: 12, wellsTotal: 12, wellsListedAt: expect.any(String) },
    });
    expect(final.requestsDone).toBe(final.requestsTotal);

    const events = fixture.progress.filter((event) => event.projectId === imperial.id);
    expectMonotonicProgress(events);
    expect(events[0]).toMatchObject({ state: 'running', done: 0, total: 0 });
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 12, total: 12 });
    expect(events.some((event) => event.state === 'running' && event.total === 12)).toBe(true);

    const fetched = fixture.productionRequests(mark).map(wellOfRequest);
    expect(fetched.sort()).toEqual(wells.map((well) => well.id).sort());
    let serverRecords = 0;
    for (const well of wells) {
      const series = await fixture.api.getProduction(imperial.id, well.id, RANGE);
      serverRecords += series.data.length;
    }
    expect(final.records).toBe(serverRecords);
  });

  it('answers every well of the range from the cache with the network cut', async () => {
    const serverRows = new Map<string, unknown[]>();
    for (const well of wells) {
      serverRows.set(well.id, (await fixture.api.getProduction(imperial.id, well.id, RANGE)).data);
    }
    const mark = fixture.harness.requests.length;
    fixture.harness.setOffline(true);
    try {
      for (const well of wells) {
        const read = await fixture.harness.core.handlers['production-get']({
          projectId: imperial.id,
          wellId: well.id,
          ...RANGE,
          aggregation: 'daily',
        });
        expect(read).toMatchObject({ source: 'cache', offline: false, data: { missing: [] } });
        expect(rowsOf(read.data)).toEqual(serverRows.get(well.id));
      }
      const list = await fixture.harness.core.handlers['wells-list']({ projectId: imperial.id });
      expect(list.data.wells.map((well) => well.id).sort()).toEqual(
        wells.map((well) => well.id).sort(),
      );
    } finally {
      fixture.harness.setOffline(false);
    }
    expect(fixture.harness.requests.length).toBe(mark); // not even an attempt
  });

  it('converts a metric project exactly as production-get does', async () => {
    await fixture.start(metric.id, RANGE);
    expect(await fixture.finished(metric.id)).toMatchObject({ state: 'done', done: 3, total: 3 });
    fixture.harness.setOffline(true);
    try {
      for (const well of await fixture.wellsOf(metric.id)) {
        const read = await fixture.harness.core.handlers['production-get']({
          projectId: metric.id,
          wellId: well.id,
          ...RANGE,
          aggregation: 'monthly',
        });
        expect(read.data.unitSystem).toBe('metric');
        const server = await fixture.api.getProduction(metric.id, well.id, {
          ...RANGE,
          aggregation: 'monthly',
        });
        expect(rowsOf(read.data)).toEqual(server.data);
      }
    } finally {
      fixture.harness.setOffline(false);
    }
  });

  it('sends only the listing requests when run again after completing', async () => {
    const mark = fixture.harness.requests.length;
    await fixture.start(imperial.id, RANGE);
    const again = await fixture.finished(imperial.id);
    expect(again).toMatchObject({ state: 'done', done: 12, total: 12, alreadyCached: 12 });
    expect(again.records).toBe(0);
    expect(fixture.harness.requests.slice(mark)).toEqual([
      `GET /api/v1/projects/${imperial.id}`,
      `GET /api/v1/projects/${imperial.id}/wells?limit=1000`,
    ]);
  });

  it('still says what is available offline after a restart', async () => {
    await fixture.reopen();
    fixture.harness.setOffline(true);
    try {
      expect(await fixture.status(imperial.id)).toMatchObject({
        state: 'done',
        ...RANGE,
        done: 12,
        total: 12,
        available: { wellsCovered: 12, wellsTotal: 12 },
      });
      // A project never downloaded has nothing to say.
      expect(await fixture.status(fixture.projects[1]!.id)).toMatchObject({
        state: 'idle',
        from: null,
        available: null,
      });
    } finally {
      fixture.harness.setOffline(false);
    }
  });
});
