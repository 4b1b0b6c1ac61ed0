import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject, ApiWell } from '#shared/client/index.js';
import type { DateRange, ProjectView } from '#shared/desktop/index.js';
import {
  startDownloadFixture,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * WellView.availableOffline (a well's widest cached range) and
 * ProjectView.offline (how many wells are covered, and the range they all
 * hold), after offline downloads and production reads against the real server.
 */

const DOWNLOADED = { from: '2024-07-01', to: '2025-06-30' };

let fixture: DownloadFixture;
let imperial: ApiProject;
let untouched: ApiProject;
let metric: ApiProject;

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [6, 3, 4] });
  [imperial, untouched, metric] = fixture.projects as [ApiProject, ApiProject, ApiProject];
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;

async function download(projectId: string, range: DateRange) {
  await fixture.start(projectId, range);
  expect(await fixture.finished(projectId)).toMatchObject({ state: 'done', failed: [] });
}

async function offlineOf(projectId: string): Promise<ProjectView['offline']> {
  const listed = (await handlers()['projects-list']({})).data.find((p) => p.id === projectId)!;
  const one = (await handlers()['projects-get']({ projectId })).data;
  expect(one.offline).toEqual(listed.offline);
  return listed.offline;
}

function read(projectId: string, well: ApiWell, range: DateRange) {
  return handlers()['production-get']({
    projectId,
    wellId: well.id,
    ...range,
    aggregation: 'daily',
  });
}

describe('offline availability in the views', () => {
  it('is nothing before anything was downloaded', async () => {
    const wells = (await handlers()['wells-list']({ projectId: imperial.id })).data.wells;
    expect(wells.map((well) => well.availableOffline)).toEqual(wells.map(() => null));
    for (const project of fixture.projects) {
      expect(await offlineOf(project.id)).toEqual({ wellsCovered: 0, from: null, to: null });
    }
  });

  it('gives every downloaded well the range, and the project its count and common range', async () => {
    await download(imperial.id, DOWNLOADED);
    const wells = (await handlers()['wells-list']({ projectId: imperial.id })).data.wells;
    expect(wells).toHaveLength(6);
    expect(wells.map((well) => well.availableOffline)).toEqual(wells.map(() => DOWNLOADED));
    const one = await handlers()['wells-get']({ projectId: imperial.id, wellId: wells[0]!.id });
    expect(one.data.well.availableOffline).toEqual(DOWNLOADED);
    expect(await offlineOf(imperial.id)).toEqual({ wellsCovered: 6, ...DOWNLOADED });
    expect(await offlineOf(untouched.id)).toEqual({ wellsCovered: 0, from: null, to: null });
  });

  it('takes a well’s widest interval, and narrows the common range to what all hold', async () => {
    const [first, second] = await fixture.wellsOf(imperial.id);
    // An earlier, longer range read apart (not touching the download): the widest interval.
    const earlier = { from: '2022-11-01', to: '2023-12-31' };
    await read(imperial.id, first!, earlier);
    // A range that extends the download on one side: merged into one wider interval.
    await read(imperial.id, second!, { from: '2024-03-01', to: '2024-07-15' });
    const wells = new Map(
      (await handlers()['wells-list']({ projectId: imperial.id })).data.wells.map((w) => [w.id, w]),
    );
    expect(wells.get(first!.id)!.availableOffline).toEqual(earlier);
    expect(wells.get(second!.id)!.availableOffline).toEqual({
      from: '2024-03-01',
      to: DOWNLOADED.to,
    });
    // The first well's widest range shares no day with the others' ranges.
    expect(await offlineOf(imperial.id)).toEqual({ wellsCovered: 6, from: null, to: null });
  });

  it('counts only covered wells, and their common range', async () => {
    await download(metric.id, DOWNLOADED);
    const [first] = await fixture.wellsOf(metric.id);
    await read(metric.id, first!, { from: '2024-01-01', to: '2024-08-31' });
    expect(await offlineOf(metric.id)).toEqual({ wellsCovered: 4, ...DOWNLOADED });

    const [one] = await fixture.wellsOf(untouched.id);
    const range = { from: '2025-01-01', to: '2025-03-31' };
    await read(untouched.id, one!, range);
    expect(await offlineOf(untouched.id)).toEqual({ wellsCovered: 1, ...range });
    const wells = (await handlers()['wells-list']({ projectId: untouched.id })).data.wells;
    expect(wells.map((well) => well.availableOffline).filter(Boolean)).toEqual([range]);
  });

  it('starts a well’s range on its first day held when its whole history was read', async () => {
    const [, two] = await fixture.wellsOf(untouched.id);
    // The well page reads the history before its range from 1900-01-01 (cumulative volumes).
    const history = await read(untouched.id, two!, { from: '1900-01-01', to: '2025-03-31' });
    const first = history.data.dates[0]!;
    expect(first > '1900-01-01').toBe(true);
    const wells = (await handlers()['wells-list']({ projectId: untouched.id })).data.wells;
    expect(wells.find((well) => well.id === two!.id)!.availableOffline).toEqual({
      from: first,
      to: '2025-03-31',
    });
  });
});
