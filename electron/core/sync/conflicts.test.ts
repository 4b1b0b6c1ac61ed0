import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '#shared/api/index.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/**
 * Conflicts made by a second client (a plain ApiClient on the same server)
 * between the engineer's edit and its push, resolved both ways.
 */

let fixture: SyncFixture;
let well: WellRef;
const RANGE = { from: '2024-06-01', to: '2024-06-30' };

const core = () => fixture.harness.core.handlers;
const read = (refresh?: 'await') =>
  core()['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    ...RANGE,
    aggregation: 'daily',
    ...(refresh ? { refresh } : {}),
  });
const valueOn = async (date: string, refresh?: 'await') => {
  const view = (await read(refresh)).data;
  const i = view.dates.indexOf(date);
  return { oil: view.values.oil_rate![i], state: view.states[i] };
};

/** Our edits are saved with the core offline, the second client writes, then the core syncs. */
async function editThenTheyWrite(ours: ProductionRecordInput[], theirs: ProductionRecordInput[]) {
  fixture.harness.setOffline(true);
  await core()['records-save']({ projectId: well.projectId, wellId: well.wellId, records: ours });
  if (theirs.length > 0) await fixture.api.upsertProduction(well.projectId, well.wellId, theirs);
  fixture.harness.setOffline(false);
  return core()['sync-now']({});
}

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  [well] = (await fixture.wells('imperial', 1)) as [WellRef];
  await read();
});

afterAll(() => fixture.close());

describe('conflicts', () => {
  it('keeps mine: the conflict waits for the user, refreshes never overwrite, then ours is sent', async () => {
    const status = await editThenTheyWrite(
      [day('2024-06-05', { oil_rate: 100 })],
      [day('2024-06-05', { oil_rate: 200 })],
    );
    expect(status).toMatchObject({ phase: 'idle', pending: 0, conflicts: 1 });
    const [conflict] = await fixture.outbox();
    expect(conflict).toMatchObject({
      state: 'conflict',
      error: {
        type: 'conflict',
        details: {
          issues: [
            {
              path: 'records[2024-06-05].oil_rate',
              message: expect.stringMatching(
                /^is 200 bbl\/d on the server \(.* when you edited it\); yours is 100 bbl\/d$/,
              ),
            },
          ],
        },
      },
    });
    expect(
      (await fixture.serverDays(well, '2024-06-05', '2024-06-05')).get('2024-06-05')?.oil_rate,
    ).toBe(200);

    // A later edit of the well waits behind the conflict; a refresh overwrites neither.
    fixture.harness.setOffline(true);
    await core()['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [day('2024-06-07', { oil_rate: 7 })],
    });
    fixture.harness.setOffline(false);
    await fixture.api.upsertProduction(well.projectId, well.wellId, [
      day('2024-06-08', { oil_rate: 8 }),
    ]);
    expect(await core()['sync-now']({})).toMatchObject({ pending: 1, conflicts: 1 });
    expect(await valueOn('2024-06-05', 'await')).toEqual({ oil: 100, state: 'conflict' });
    expect(await valueOn('2024-06-07')).toEqual({ oil: 7, state: 'pending' });
    expect(await valueOn('2024-06-08')).toEqual({ oil: 8, state: 'synced' });

    // Keep mine: both operations go out together, in one conflict read and one POST.
    const mark = fixture.harness.requests.length;
    expect(
      await core()['conflict-resolve']({ seq: conflict!.seq, resolution: 'keep-mine' }),
    ).toEqual({ seq: conflict!.seq, state: 'pending' });
    const after = await fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');
    expect(after.conflicts).toBe(0);
    const sent = fixture.harness.requests.slice(mark);
    expect(sent.map((request) => request.split(' ')[0])).toEqual(['GET', 'POST']);
    const server = await fixture.serverDays(well, '2024-06-05', '2024-06-08');
    expect([
      server.get('2024-06-05')?.oil_rate,
      server.get('2024-06-07')?.oil_rate,
      server.get('2024-06-08')?.oil_rate,
    ]).toEqual([100, 7, 8]);
    expect(await valueOn('2024-06-05')).toEqual({ oil: 100, state: 'synced' });
  });

  it('takes theirs: ours is dropped and the server value shows, without asking the server again', async () => {
    const status = await editThenTheyWrite(
      [day('2024-06-12', { oil_rate: 1 })],
      [day('2024-06-12', { gas_rate: 2 })],
    );
    expect(status.conflicts).toBe(1);
    const [conflict] = await fixture.outbox();
    const mark = fixture.harness.requests.length;
    expect(
      await core()['conflict-resolve']({ seq: conflict!.seq, resolution: 'take-theirs' }),
    ).toEqual({ seq: conflict!.seq, state: 'synced' });
    expect(await fixture.outbox()).toEqual([]);
    const view = (await read()).data;
    const i = view.dates.indexOf('2024-06-12');
    expect([view.values.oil_rate![i], view.values.gas_rate![i], view.states[i]]).toEqual([
      null,
      2,
      'synced',
    ]);
    expect(fixture.harness.requests.length).toBe(mark);
    expect((await fixture.serverDays(well, '2024-06-12', '2024-06-12')).get('2024-06-12')).toEqual(
      day('2024-06-12', { gas_rate: 2 }),
    );
  });

  it('is no conflict when the server already has our values, or did not change', async () => {
    const same = day('2024-06-20', { oil_rate: 55, water_rate: 5 });
    const status = await editThenTheyWrite([same, day('2024-06-21', { oil_rate: 56 })], [same]);
    expect(status).toMatchObject({ pending: 0, conflicts: 0, errors: 0 });
    const server = await fixture.serverDays(well, '2024-06-20', '2024-06-21');
    expect(server.get('2024-06-20')).toEqual(same);
    expect(server.get('2024-06-21')?.oil_rate).toBe(56);
  });

  it('reports a day the server deleted since the edit', async () => {
    const status = await editThenTheyWrite([day('2024-06-25', { oil_rate: 3 })], []);
    expect(status.pending).toBe(0);
    fixture.harness.setOffline(true);
    await core()['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [day('2024-06-25', { oil_rate: 4 })],
    });
    await fixture.api.deleteProduction(well.projectId, well.wellId, {
      from: '2024-06-25',
      to: '2024-06-25',
    });
    fixture.harness.setOffline(false);
    expect((await core()['sync-now']({})).conflicts).toBe(1);
    const [conflict] = await fixture.outbox();
    expect(conflict!.error?.details?.issues).toEqual([
      { path: 'records[2024-06-25]', message: 'was deleted on the server since your edit' },
    ]);
    await core()['conflict-resolve']({ seq: conflict!.seq, resolution: 'keep-mine' });
    await fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');
    expect(
      (await fixture.serverDays(well, '2024-06-25', '2024-06-25')).get('2024-06-25')?.oil_rate,
    ).toBe(4);
  });
});
