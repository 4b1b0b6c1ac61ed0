import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELL_SORT_COLUMNS } from '#shared/desktop/index.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * wells-index: the wells table's search index lists the wells wells-list lists, in the same
 * order, for every filter and sort, queued changes merged; its search is the renderer's.
 */

let demo: DemoServer;
let harness: CoreHarness;
let projectId: string;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [12, 1, 1] });
  harness = await startCore(demo);
  const projects = await harness.core.handlers['projects-list']({ refresh: 'await' });
  projectId = projects.data.find((p) => p.wellCount === 12)!.id;
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await demo?.close();
});

const list = (args: object) =>
  harness.core.handlers['wells-list']({ projectId, refresh: 'await', ...args });
const index = (args: object) => harness.core.handlers['wells-index']({ projectId, ...args });

describe('wells-index', () => {
  it('lists the wells of wells-list in its order, for every sort and filter', async () => {
    const wells = (await list({})).data.wells;
    const filters = [
      {},
      { status: 'active' },
      { type: 'producer' },
      { hideInactive: true },
      { rateBasis: 'avg-30' },
      { wellIds: [wells[3]!.id, wells[0]!.id, wells[7]!.id] },
    ];
    for (const filter of filters) {
      for (const column of WELL_SORT_COLUMNS) {
        for (const direction of ['asc', 'desc'] as const) {
          const args = { ...filter, sort: { column, direction } };
          const listed = (await list(args)).data;
          const indexed = (await index(args)).data;
          const where = JSON.stringify(args);
          expect(indexed.ids, where).toEqual(listed.wells.map((well) => well.id));
          expect(indexed.names, where).toEqual(listed.wells.map((well) => well.name));
          expect(indexed.apiNumbers, where).toEqual(listed.wells.map((well) => well.apiNumber));
          expect(indexed.projectTotal).toBe(12);
        }
      }
    }
  });

  it('names a well as queued: a rename waiting to sync is searched and sorted by', async () => {
    const first = (await list({})).data.wells[0]!;
    await harness.core.handlers['well-update']({
      projectId,
      wellId: first.id,
      patch: { name: 'Zz Renamed 9H' },
    });
    const indexed = (await index({})).data;
    expect(indexed.ids.at(-1)).toBe(first.id);
    expect(indexed.names.at(-1)).toBe('Zz Renamed 9H');
  });

  it('refuses a search: the index is searched where it is held', async () => {
    await expect(index({ search: 'ranch' })).rejects.toThrow(/search/);
  });
});
