import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/**
 * Offline, a queued edit says "pending", never "syncing": while the first request after an
 * outage is on its way (and may never answer), nothing has reached the server.
 */

let fixture: SyncFixture;
let well: WellRef;
const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  [well] = (await fixture.wells('imperial', 1)) as [WellRef];
  // The day is on this computer, so reading it asks nothing of the (slow) server.
  await core()['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from: '2024-05-01',
    to: '2024-05-31',
    aggregation: 'daily',
  });
});
afterAll(() => fixture.close());

const rawState = () =>
  fixture.withCache((db) => db.prepare('SELECT state FROM outbox').pluck().get()) as string;

describe('offline edits', () => {
  it('read "pending" while a pass tries to send them, and "synced" once the server has them', async () => {
    fixture.proxy.always({ kind: 'reset' });
    await core()['sync-probe']({});
    await fixture.waitForStatus((s) => !s.online);
    await core()['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [{ date: '2024-05-02', oil_rate: 12.5 }],
    });
    // The server comes back slowly: the pass marks the change as being sent and waits.
    fixture.proxy.always({ kind: 'delay', ms: 1500 });
    const pass = core()['sync-now']({});
    await expect.poll(rawState).toBe('syncing');

    const read = await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from: '2024-05-02',
      to: '2024-05-02',
      aggregation: 'daily',
    });
    expect(read.data.states).toEqual(['pending']);
    const [op] = (await core()['outbox-list']({})).operations;
    expect(op!.state).toBe('pending');

    fixture.proxy.always(null);
    expect(await pass).toMatchObject({ online: true, pending: 0, errors: 0 });
    const after = await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from: '2024-05-02',
      to: '2024-05-02',
      aggregation: 'daily',
    });
    expect(after.data.states).toEqual(['synced']);
  });
});
