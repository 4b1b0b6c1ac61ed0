import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/** wells-list's `wellIds`: the map's box selection filters the wells table. */

let demo: DemoServer;
let harness: CoreHarness;
let projectId: string;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [6, 1, 1] });
  harness = await startCore(demo);
  const projects = await harness.core.handlers['projects-list']({ refresh: 'await' });
  projectId = projects.data.find((p) => p.wellCount === 6)!.id;
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await demo?.close();
});

describe('wells-list with wellIds', () => {
  it('lists only the wells named, with the other filters, sort and counts as usual', async () => {
    const list = (args: object) =>
      harness.core.handlers['wells-list']({ projectId, refresh: 'await', ...args });
    const all = (await list({})).data.wells;
    const chosen = [all[4]!.id, all[1]!.id, all[2]!.id];
    const selected = (await list({ wellIds: chosen })).data;
    expect(selected.wells.map((w) => w.id)).toEqual([all[1]!.id, all[2]!.id, all[4]!.id]);
    expect(selected.total).toBe(3);
    expect(selected.projectTotal).toBe(6);
    const page = (await list({ wellIds: chosen, offset: 1, limit: 1 })).data;
    expect(page.wells.map((w) => w.id)).toEqual([all[2]!.id]);
    const searched = (await list({ wellIds: chosen, search: all[4]!.name })).data;
    expect(searched.wells.map((w) => w.id)).toEqual([all[4]!.id]);
    expect((await list({ wellIds: [] })).data.total).toBe(0);
  });
});
