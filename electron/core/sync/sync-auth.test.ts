import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeToken } from '#server/auth/token-store.js';
import { DEMO_USER } from '#server/demo/seed.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/** What the server refuses: 401 pauses everything, 403/404/400 fail only the operations concerned. */

let fixture: SyncFixture;
let counter = 0;
const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
});

afterAll(() => fixture.close());

/** The core restarted with another token for its connection (as a host hands over a new one). */
async function useToken(token: string) {
  await fixture.harness.reopen({
    defaultConnection: { name: 'Demo workspace', baseUrl: fixture.proxy.url, token },
  });
}

async function newWell() {
  fixture.harness.setOffline(false);
  return fixture.newWell('imperial', `Refused ${++counter}H`);
}

const save = (well: WellRef, records: ReturnType<typeof day>[]) =>
  core()['records-save']({ projectId: well.projectId, wellId: well.wellId, records });

describe('refusals', () => {
  it('403: the operation fails with the server message', async () => {
    await useToken(
      fixture.demo.tokenFor(DEMO_USER, ['read:projects', 'read:wells', 'read:production']),
    );
    const well = await newWell();
    await save(well, [day('2024-08-01', { oil_rate: 1 })]);
    const status = await fixture.waitForStatus((s) => s.errors === 1 && s.phase === 'idle');
    expect(status).toMatchObject({ pending: 0, lastError: null });
    const [op] = await fixture.outbox();
    expect(op).toMatchObject({
      state: 'error',
      attempts: 1,
      error: {
        type: 'forbidden',
        message: expect.stringMatching(/^The API token does not allow this\. .+/),
        details: { status: 403 },
      },
    });
    await core()['outbox-discard']({ seqs: [op!.seq] });
  });

  it('401: everything pauses, signed out, without retrying, until the token is replaced', async () => {
    await useToken(fixture.demo.token);
    const well = await newWell();
    revokeToken(fixture.demo.server.db, fixture.demo.token);
    await save(well, [day('2024-08-01', { oil_rate: 2 })]);
    const signedOut = await fixture.waitForStatus((s) => s.phase === 'signed-out');
    expect(signedOut).toMatchObject({
      pending: 1,
      errors: 0,
      lastError: { type: 'unauthorized', details: { status: 401 } },
    });
    expect((await fixture.outbox())[0]?.state).toBe('pending');

    // The refused operation was tried, so it is sealed: the next save queues a second one.
    const mark = fixture.harness.requests.length;
    await save(well, [day('2024-08-02', { oil_rate: 3 })]);
    expect(await core()['sync-now']({})).toMatchObject({ phase: 'signed-out', pending: 2 });
    expect(fixture.harness.requests.length).toBe(mark); // nothing was sent

    // A new token in the connection's secret store: the next kick (a save) resumes by itself.
    const { connections } = await core()['connections-list']({});
    await fixture.harness.secrets.set(connections[0]!.id, fixture.demo.tokenFor(DEMO_USER));
    await save(well, [day('2024-08-03', { oil_rate: 4 })]);
    expect(await fixture.waitForStatus((s) => s.phase === 'idle' && s.pending === 0)).toMatchObject(
      { errors: 0, lastError: null },
    );
    const server = await fixture.serverDays(well, '2024-08-01', '2024-08-03');
    expect([...server.values()].map((record) => record.oil_rate)).toEqual([2, 3, 4]);
  });

  it('404: the deleted well’s operations fail and keep their values; other wells sync', async () => {
    const gone = await newWell();
    const kept = await newWell();
    fixture.harness.setOffline(true);
    await save(gone, [day('2024-09-01', { oil_rate: 11 }), day('2024-09-02', { oil_rate: 12 })]);
    await core()['well-update']({
      projectId: gone.projectId,
      wellId: gone.wellId,
      patch: { status: 'inactive' },
    });
    await save(kept, [day('2024-09-01', { oil_rate: 21 })]);
    await fixture.api.deleteWell(gone.projectId, gone.wellId);
    fixture.harness.setOffline(false);
    const status = await core()['sync-now']({});
    expect(status).toMatchObject({ phase: 'idle', pending: 0, errors: 2 });
    const ops = await core()['outbox-list']({ states: ['error'] });
    expect(ops.operations.map((op) => [op.wellId, op.kind, op.error?.type])).toEqual([
      [gone.wellId, 'upsert-records', 'not-found'],
      [gone.wellId, 'update-well', 'not-found'],
    ]);
    const values = fixture.withCache((db) =>
      db
        .prepare('SELECT date, oil_rate FROM outbox_records WHERE outbox_seq = ? ORDER BY date')
        .all(ops.operations[0]!.seq),
    );
    expect(values).toEqual([
      { date: '2024-09-01', oil_rate: 11 },
      { date: '2024-09-02', oil_rate: 12 },
    ]);
    expect(
      (await fixture.serverDays(kept, '2024-09-01', '2024-09-01')).get('2024-09-01')?.oil_rate,
    ).toBe(21);
    await core()['outbox-discard']({ seqs: ops.operations.map((op) => op.seq) });
  });

  it('400: the operation fails with the details mapped to record and field; its well waits, others sync', async () => {
    const bad = await newWell();
    const good = await newWell();
    fixture.harness.setOffline(true);
    await save(bad, [
      day('2024-10-01', { oil_rate: 1 }),
      day('2024-10-02', { oil_rate: 2, watercut: 10 }),
    ]);
    await core()['records-delete']({
      projectId: bad.projectId,
      wellId: bad.wellId,
      from: '2024-10-01',
      to: '2024-10-01',
    });
    await save(good, [day('2024-10-01', { oil_rate: 5 })]);
    // A value a rule of the server refuses (tampered with here: the core would not accept it).
    fixture.withCache((db) =>
      db.prepare("UPDATE outbox_records SET watercut = 150 WHERE date = '2024-10-02'").run(),
    );
    fixture.harness.setOffline(false);
    expect(await core()['sync-now']({})).toMatchObject({ pending: 1, errors: 1 });
    const [failed, waiting] = (await core()['outbox-list']({ wellId: bad.wellId })).operations;
    expect(failed).toMatchObject({
      kind: 'upsert-records',
      state: 'error',
      error: {
        type: 'validation',
        details: {
          status: 400,
          issues: [{ path: 'records[2024-10-02].watercut', message: 'must be between 0 and 100' }],
        },
      },
    });
    expect(waiting).toMatchObject({ kind: 'delete-range', state: 'pending' });
    expect((await fixture.serverDays(good, '2024-10-01', '2024-10-01')).size).toBe(1);

    // Editing the rejected day sends the operation again, and the delete follows it.
    const edited = await save(bad, [day('2024-10-02', { oil_rate: 2, watercut: 50 })]);
    expect(edited.outboxSeq).toBe(failed!.seq);
    await fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');
    const server = await fixture.serverDays(bad, '2024-10-01', '2024-10-02');
    expect([...server.values()]).toEqual([day('2024-10-02', { oil_rate: 2, watercut: 50 })]);
    expect((await fixture.harness.core.handlers['sync-status']({})).errors).toBe(0);
  });
});
