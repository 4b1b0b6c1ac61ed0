import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject } from '#shared/client/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import {
  expectMonotonicProgress,
  startDownloadFixture,
  wellOfRequest,
  type DownloadFixture,
} from './testing/download-fixture.js';

/**
 * Cancel, a cut network and a closing core stop a download part way; what
 * was fetched stays cached, and starting again fetches only the rest: no well
 * twice. Each test downloads its own range, so each starts from nothing.
 */

let fixture: DownloadFixture;
let project: ApiProject;
const WELLS = 24;

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [WELLS] });
  [project] = fixture.projects as [ApiProject];
});

afterAll(() => fixture.close());

/** Runs `action` (once) when the n-th well of the project has been written to the cache. */
function afterWells(n: number, action: () => void): () => void {
  let seen = 0;
  return fixture.harness.core.events.on('cache-changed', (change) => {
    if (change.kind === 'production' && change.projectId === project.id && ++seen === n) action();
  });
}

function expectEachWellOnce(requests: string[]): void {
  const wells = requests.map(wellOfRequest);
  expect(new Set(wells).size).toBe(wells.length);
  expect(wells).toHaveLength(WELLS);
}

describe('stopping and resuming a download', () => {
  it('cancels promptly, keeps what was fetched, and resumes without fetching a well twice', async () => {
    const range = { from: '2024-01-01', to: '2024-12-31' };
    const mark = fixture.harness.requests.length;
    let cancelled: Promise<unknown> | undefined;
    const off = afterWells(5, () => {
      cancelled = fixture.harness.core.handlers['offline-download-cancel']({
        projectId: project.id,
      });
    });
    await fixture.start(project.id, range);
    await fixture.finished(project.id);
    off();
    const stopped = (await cancelled) as Awaited<ReturnType<DownloadFixture['status']>>;
    expect(stopped).toMatchObject({ state: 'cancelled', total: WELLS, error: null });
    expect(stopped.done).toBeGreaterThanOrEqual(5);
    expect(stopped.done).toBeLessThan(WELLS);
    // Everything counted as done is cached, and nothing more was sent than was kept.
    expect(stopped.available?.wellsCovered).toBe(stopped.done);
    expect(fixture.productionRequests(mark)).toHaveLength(stopped.done);

    const resumedFrom = fixture.progress.length;
    await fixture.start(project.id, range);
    const resumed = await fixture.finished(project.id);
    expect(resumed).toMatchObject({
      state: 'done',
      done: WELLS,
      total: WELLS,
      alreadyCached: stopped.done,
    });
    expectEachWellOnce(fixture.productionRequests(mark));
    expectMonotonicProgress(fixture.progress.slice(resumedFrom));
  });

  it('stops when the network goes, and resumes where it stopped', async () => {
    const range = { from: '2023-01-01', to: '2023-12-31' };
    const mark = fixture.harness.requests.length;
    const off = afterWells(4, () => fixture.harness.setOffline(true));
    await fixture.start(project.id, range);
    const failed = await fixture.finished(project.id);
    off();
    fixture.harness.setOffline(false);
    expect(failed).toMatchObject({
      state: 'failed',
      error: {
        type: 'offline',
        message: expect.stringMatching(/^The server could not be reached/),
      },
    });
    expect(failed.done).toBeGreaterThanOrEqual(4);
    expect(failed.available?.wellsCovered).toBe(failed.done);
    const sentOk = fixture.harness.requests
      .slice(mark)
      .filter((request) => request.includes('/production'));

    const resumedAt = fixture.harness.requests.length;
    await fixture.start(project.id, range);
    expect(await fixture.finished(project.id)).toMatchObject({
      state: 'done',
      done: WELLS,
      alreadyCached: failed.done,
    });
    // Wells cached before the cut are not fetched again (the ones cut off are).
    const cachedBefore = new Set(sentOk.slice(0, failed.done).map(wellOfRequest));
    const again = fixture.productionRequests(resumedAt).map(wellOfRequest);
    expect(again.filter((well) => cachedBefore.has(well))).toEqual([]);
    expect(again).toHaveLength(WELLS - failed.done);
  });

  it('runs one download per project: joins the same range, refuses another', async () => {
    const range = { from: '2022-01-01', to: '2022-12-31' };
    const first = await fixture.start(project.id, range);
    const joined = await fixture.start(project.id, range);
    expect(joined).toMatchObject({ state: 'running', startedAt: first.startedAt });
    const refused = await coreErrorOf(fixture.start(project.id, { ...range, to: '2022-06-30' }));
    expect(refused.toJSON()).toMatchObject({
      type: 'conflict',
      message: expect.stringMatching(/already being downloaded for 2022-01-01 to 2022-12-31/),
    });
    expect(await fixture.finished(project.id)).toMatchObject({ state: 'done', done: WELLS });
  });

  it('is stopped by closing the core, and reads as cancelled after the restart', async () => {
    const range = { from: '2021-01-01', to: '2021-12-31' };
    await fixture.start(project.id, range);
    await fixture.reopen();
    const after = await fixture.status(project.id);
    expect(after).toMatchObject({ state: 'cancelled', ...range });
    expect(after.done).toBeLessThan(WELLS);
    await fixture.start(project.id, range);
    expect(await fixture.finished(project.id)).toMatchObject({ state: 'done', done: WELLS });
  });
});
