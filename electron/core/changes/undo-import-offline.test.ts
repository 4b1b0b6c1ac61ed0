import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncFixture, type SyncFixture, type WellRef } from '../sync/testing/sync-fixture.js';

/**
 * An import taken back with no server in reach: the undo is queued like any edit, and when
 * the server answers again it holds exactly what it held before the file.
 */

let fixture: SyncFixture;
let well: WellRef;
const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  [well] = (await fixture.wells('imperial', 1)) as [WellRef];
  await core()['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from: '2024-05-01',
    to: '2024-05-31',
    aggregation: 'daily',
  });
});

afterAll(() => fixture.close());

async function importOffline(name: string) {
  const preview = await core()['import-preview']({
    projectId: well.projectId,
    wellId: well.wellId,
    source: {
      kind: 'text',
      name,
      // Days this computer holds (the May read): their values before are known.
      text: 'Date,Oil (bbl/d),Hours On\n2024-05-29,501.25,24\n2024-05-30,502.25,24\n2024-05-31,503.25,24\n',
    },
  });
  return core()['import-commit']({ importId: preview.importId });
}

describe('import-undo offline', () => {
  it('refuses a day never downloaded, since its earlier values are not known here', async () => {
    const preview = await core()['import-preview']({
      projectId: well.projectId,
      wellId: well.wellId,
      source: { kind: 'text', name: 'july.csv', text: 'Date,Oil (bbl/d)\n2024-07-01,9\n' },
    });
    const imported = await core()['import-commit']({ importId: preview.importId });
    await expect(
      core()['import-undo']({ projectId: well.projectId, batch: imported.changeBatch }),
    ).rejects.toThrow(
      '"july.csv" cannot be taken back: 1 of its days were not on this computer before it.',
    );
    await fixture.waitForStatus((s) => s.online && s.pending === 0 && s.phase === 'idle');
  });

  it('takes back an import never sent: nothing of the file reaches the server', async () => {
    const before = await fixture.serverDays(well, '2024-05-29', '2024-06-02');
    fixture.proxy.always({ kind: 'reset' });
    try {
      const imported = await importOffline('never-sent.csv');
      await fixture.waitForStatus((s) => !s.online);
      const undone = await core()['import-undo']({
        projectId: well.projectId,
        batch: imported.changeBatch,
      });
      expect(undone).toMatchObject({ restoredDays: 3, deletedDays: 0 });
    } finally {
      fixture.proxy.always(null);
    }
    await core()['sync-now']({});
    await fixture.waitForStatus((s) => s.online && s.pending === 0 && s.phase === 'idle');
    expect(await fixture.serverDays(well, '2024-05-29', '2024-06-02')).toEqual(before);
  });

  it('takes back a synced import while offline, and the server has its old days once online', async () => {
    const before = await fixture.serverDays(well, '2024-05-29', '2024-06-02');
    const imported = await importOffline('sent.csv');
    await fixture.waitForStatus((s) => s.online && s.pending === 0 && s.phase === 'idle');
    const sent = await fixture.serverDays(well, '2024-05-29', '2024-06-02');
    expect(sent.get('2024-05-31')).toMatchObject({ oil_rate: 503.25 });

    fixture.proxy.always({ kind: 'reset' });
    try {
      await core()['sync-probe']({});
      await fixture.waitForStatus((s) => !s.online);
      await core()['import-undo']({ projectId: well.projectId, batch: imported.changeBatch });
      expect((await fixture.outbox()).length).toBeGreaterThan(0);
    } finally {
      fixture.proxy.always(null);
    }
    await core()['sync-now']({});
    await fixture.waitForStatus((s) => s.online && s.pending === 0 && s.phase === 'idle');
    expect(await fixture.serverDays(well, '2024-05-29', '2024-06-02')).toEqual(before);
  });
});
