import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, revokeToken } from '#server/auth/token-store.js';
import { DEMO_USER } from '#server/demo/seed.js';
import type { ConnectionSummary } from '#shared/desktop/index.js';
import {
  day,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from '../sync/testing/sync-fixture.js';
import { coreErrorOf } from '../testing/core-error.js';

/**
 * connections-set-token after the server refused the saved token (401): a bad
 * token changes nothing; a good one is saved, the pause ends and the queued
 * changes (untouched meanwhile) reach the server.
 */

let fixture: SyncFixture;
let well: WellRef;
let connection: ConnectionSummary;
let counter = 0;
const core = () => fixture.harness.core.handlers;
const setToken = (token: string, connectionId = connection.id) =>
  core()['connections-set-token']({ connectionId, token });

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
  [connection] = (await core()['connections-list']({})).connections as [ConnectionSummary];
});

afterAll(() => fixture.close());

/** Edits queued, then refused with 401 on their first push: the engine is signed out. */
async function signedOutWithEdits() {
  fixture.harness.setOffline(false);
  well = await fixture.newWell('imperial', `Token ${++counter}H`);
  revokeToken(fixture.demo.server.db, (await fixture.harness.secrets.get(connection.id))!);
  await core()['records-save']({
    projectId: well.projectId,
    wellId: well.wellId,
    records: [day('2024-05-01', { oil_rate: 10 }), day('2024-05-02', { oil_rate: 11 })],
  });
  await core()['well-update']({
    projectId: well.projectId,
    wellId: well.wellId,
    patch: { status: 'inactive' },
  });
  await fixture.waitForStatus((s) => s.phase === 'signed-out');
}

/** Everything a failed set-token must leave as it was. */
async function state() {
  return {
    token: await fixture.harness.secrets.get(connection.id),
    outbox: await fixture.outbox(),
    records: fixture.withCache((db) =>
      db.prepare('SELECT * FROM outbox_records ORDER BY outbox_seq, date').all(),
    ),
    phase: (await core()['sync-status']({})).phase,
  };
}

describe('connections-set-token', () => {
  it('refuses a token the server refuses, naming why, and changes nothing', async () => {
    await signedOutWithEdits();
    const before = await state();
    expect(before.outbox.map((op) => op.state)).toEqual(['pending', 'pending']);
    const events = fixture.harness.events.length;

    const wrong = await coreErrorOf(setToken('flw_not_a_token'));
    expect(wrong.toJSON()).toMatchObject({
      type: 'unauthorized',
      message: expect.stringMatching(/^The server refused the token/),
      details: { status: 401, code: 'unauthorized' },
    });
    const scoped = fixture.demo.tokenFor(DEMO_USER, ['read:wells']);
    expect((await coreErrorOf(setToken(scoped))).toJSON()).toMatchObject({
      type: 'forbidden',
      details: { status: 403, code: 'forbidden' },
    });
    fixture.harness.setOffline(true);
    expect((await coreErrorOf(setToken(fixture.demo.tokenFor(DEMO_USER)))).toJSON()).toMatchObject({
      type: 'offline',
      details: { code: 'unreachable' },
    });
    fixture.harness.setOffline(false);
    expect((await coreErrorOf(setToken('flw_x', 'con_gone'))).toJSON()).toMatchObject({
      type: 'not-found',
      message: expect.stringMatching(/no connection con_gone/),
    });

    expect(await state()).toEqual(before);
    expect(fixture.harness.events.slice(events)).not.toContainEqual(
      expect.objectContaining({ kind: 'connections' }),
    );
  });

  it('saves a token the server accepts: the pause ends and the queued edits sync', async () => {
    const fresh = fixture.demo.tokenFor(DEMO_USER);
    const mark = fixture.harness.requests.length;
    const summary = await setToken(` ${fresh}\n`);
    expect(summary).toEqual({ ...connection, lastContactAt: expect.any(String) });
    expect(JSON.stringify(summary)).not.toContain(fresh.slice(4));
    expect(await fixture.harness.secrets.get(connection.id)).toBe(fresh); // trimmed
    expect(fixture.harness.requests[mark]).toBe('GET /api/v1/projects?limit=1'); // the test
    expect(fixture.harness.events).toContainEqual({
      connectionId: connection.id,
      kind: 'connections',
    });

    const status = await fixture.waitForStatus((s) => s.phase === 'idle' && s.pending === 0);
    expect(status).toMatchObject({ errors: 0, conflicts: 0, lastError: null });
    const server = await fixture.serverDays(well, '2024-05-01', '2024-05-02');
    expect([...server.values()].map((record) => record.oil_rate)).toEqual([10, 11]);
    expect((await fixture.api.getWell(well.projectId, well.wellId)).status).toBe('inactive');
  });

  it('ends the pause even when the token saved is the one refused before (restored on the server)', async () => {
    await signedOutWithEdits();
    const refused = (await fixture.harness.secrets.get(connection.id))!;
    fixture.demo.server.db
      .prepare('UPDATE tokens SET revoked_at = NULL WHERE token_hash = ?')
      .run(hashToken(refused));
    await setToken(refused);
    await fixture.waitForStatus((s) => s.phase === 'idle' && s.pending === 0);
    const server = await fixture.serverDays(well, '2024-05-01', '2024-05-02');
    expect(server.size).toBe(2);
  });
});
