import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/**
 * Offline, an edit is "pending", never "syncing": a pass asks first whether the server
 * answers (one small request) and touches no queued change until it does.
 */

let fixture: SyncFixture;
let well: WellRef;
const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  [well] = (await fixture.wells('imperial', 1)) as [WellRef];
});
afterAll(() => fixture.close());

describe('offline edits', () => {
  it('stay pending through passes that find no server, then go out when it answers', async () => {
    fixture.proxy.always({ kind: 'reset' });
    const syncingSeen: number[] = [];
    const off = fixture.harness.core.events.on('outbox-changed', (change) => {
      if (change.pending > 0) void readStates();
    });
    const readStates = async () => {
      for (const op of await fixture.outbox()) if (op.state === 'syncing') syncingSeen.push(op.seq);
    };
    try {
      await core()['sync-probe']({});
      await fixture.waitForStatus((s) => !s.online);
      await core()['records-save']({
        projectId: well.projectId,
        wellId: well.wellId,
        records: [{ date: '2024-05-02', oil_rate: 12.5 }],
      });
      const before = fixture.proxy.log.length;
      // Three passes while the server cannot be reached: each only asks whether it answers.
      for (let pass = 0; pass < 3; pass++) {
        const status = await core()['sync-now']({});
        expect(status).toMatchObject({ online: false, pending: 1, phase: 'offline' });
        expect((await fixture.outbox())[0]!.state).toBe('pending');
      }
      // Only probes (the client's own retries of them included): no read or write of production.
      const requests = fixture.proxy.log.slice(before);
      expect(requests.length).toBeGreaterThanOrEqual(3);
      expect(new Set(requests.map((r) => `${r.method} ${r.path}`))).toEqual(
        new Set(['GET /api/v1/projects?limit=1']),
      );
      expect(syncingSeen).toEqual([]);
    } finally {
      off();
      fixture.proxy.always(null);
    }
    const status = await core()['sync-now']({});
    expect(status).toMatchObject({ online: true, pending: 0, errors: 0 });
  });
});
