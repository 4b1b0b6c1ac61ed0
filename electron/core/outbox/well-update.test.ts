import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coreErrorOf } from '../testing/core-error.js';
import { startHeldFixture, type HeldFixture } from '../sync/testing/held-fixture.js';
import type { SyncFixture, WellRef } from '../sync/testing/sync-fixture.js';

/** well-update (nothing is sent in these tests): the overlay of wells-get and wells-list, rules. */

let held: HeldFixture;
let fixture: SyncFixture;
let imperial: WellRef;
let metric: WellRef;

beforeAll(async () => {
  held = await startHeldFixture();
  ({ fixture, imperial, metric } = held);
});

afterAll(() => fixture.close());

beforeEach(() => held.clearOutbox());

const outbox = async () => (await fixture.harness.core.handlers['outbox-list']({})).operations;

describe('well-update and the wells overlay', () => {
  it('shows a queued change in wells-get and wells-list, whose filters and sort see it', async () => {
    const { projectId, wellId } = imperial;
    const status = imperial.well.status === 'shut_in' ? 'inactive' : 'shut_in';
    const result = await fixture.harness.core.handlers['well-update']({
      projectId,
      wellId,
      patch: { status, name: 'Aardvark 1H', lateralLength: 9000 },
    });
    expect(result.well).toMatchObject({
      id: wellId,
      status,
      name: 'Aardvark 1H',
      lateralLength: 9000,
      syncState: 'pending',
    });
    const got = await fixture.harness.core.handlers['wells-get']({ projectId, wellId });
    expect(got.data.well).toEqual(result.well);

    const filtered = await fixture.harness.core.handlers['wells-list']({ projectId, status });
    expect(filtered.data.wells.map((well) => [well.id, well.syncState])).toContainEqual([
      wellId,
      'pending',
    ]);
    const byName = await fixture.harness.core.handlers['wells-list']({ projectId });
    expect(byName.data.wells[0]).toMatchObject({ id: wellId, name: 'Aardvark 1H' });
    expect(byName.data.wells.slice(1).every((well) => well.syncState === 'synced')).toBe(true);

    // A second change coalesces into the first; the server's row in the cache is untouched.
    const again = await fixture.harness.core.handlers['well-update']({
      projectId,
      wellId,
      patch: { name: 'Zebra 1H' },
    });
    expect(again.outboxSeq).toBe(result.outboxSeq);
    expect(again.well).toMatchObject({ name: 'Zebra 1H', status, lateralLength: 9000 });
    const cached = fixture.withCache((db) =>
      db.prepare('SELECT name, status FROM wells WHERE id = ?').get(wellId),
    );
    expect(cached).toEqual({ name: imperial.well.name, status: imperial.well.status });
  });

  it('keeps lengths in feet and checks the API number against the project', async () => {
    const { projectId, wellId } = metric;
    await fixture.harness.core.handlers['well-update']({
      projectId,
      wellId,
      patch: { perfInterval: { topMd: 2000, bottomMd: 3048 } },
    });
    const payload = fixture.withCache((db) =>
      db.prepare("SELECT payload FROM outbox WHERE kind = 'update-well'").pluck().get(),
    ) as string;
    expect(JSON.parse(payload).patch.perf_bottom_ft).toBe(10_000);
    const view = await fixture.harness.core.handlers['wells-get']({ projectId, wellId });
    expect(view.data.well.perfInterval).toEqual({ topMd: 2000, bottomMd: 3048 });

    const wells = await fixture.harness.core.handlers['wells-list']({
      projectId: imperial.projectId,
    });
    const taken = wells.data.wells.find(
      (well) => well.apiNumber !== null && well.id !== imperial.wellId,
    )!;
    const clash = await coreErrorOf(
      fixture.harness.core.handlers['well-update']({
        projectId: imperial.projectId,
        wellId: imperial.wellId,
        patch: { apiNumber: taken.apiNumber!.replace(/-/g, '') },
      }),
    );
    expect(clash.type).toBe('conflict');
    expect(clash.details?.issues).toEqual([
      { path: 'patch.apiNumber', message: expect.stringContaining(taken.name) },
    ]);
    const empty = await coreErrorOf(
      fixture.harness.core.handlers['well-update']({ projectId, wellId, patch: {} }),
    );
    expect(empty.type).toBe('validation');
    expect((await outbox()).length).toBe(1);
  });
});
