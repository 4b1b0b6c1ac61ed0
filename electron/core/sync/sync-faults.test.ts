import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import type { Fault } from '../testing/fault-proxy.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/**
 * What the network and the server do to a sync, through the fault proxy: the
 * engine waits, backs off or probes, and every value reaches the server once.
 * The core's client tries each request twice, so two faults in a row reach
 * the engine.
 */

let fixture: SyncFixture;
let counter = 0;
/** Passes the request through untouched (the proxy applies queued faults in order). */
const PASS: Fault = { kind: 'delay', ms: 0 };

beforeAll(async () => {
  fixture = await startSyncFixture({
    wellCounts: [1, 0, 0],
    core: {
      client: {
        timeoutMs: 500,
        retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
        // The limiter's slow start after a 429 is the client's business (tested there).
        rateLimit: { initialRampMs: 10 },
      },
    },
  });
});

afterAll(() => fixture.close());

beforeEach(() => {
  fixture.statuses.length = 0;
  fixture.proxy.always(null);
});

/** A new well with `count` days edited while the core was offline, nothing sent yet. */
async function queued(count = 3): Promise<{ well: WellRef; records: ReturnType<typeof day>[] }> {
  fixture.harness.setOffline(false);
  const well = await fixture.newWell('imperial', `Fault ${++counter}H`);
  const records = Array.from({ length: count }, (_, i) =>
    day(addDays('2024-07-01', i), { oil_rate: counter * 100 + i }),
  );
  // Downloaded first, so each edit's base is known ("no record"): a repeated
  // write must then be recognised as ours by the conflict check.
  await fixture.harness.core.handlers['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from: '2024-07-01',
    to: addDays('2024-07-01', count - 1),
    aggregation: 'daily',
  });
  fixture.harness.setOffline(true);
  await fixture.harness.core.handlers['records-save']({
    projectId: well.projectId,
    wellId: well.wellId,
    records,
  });
  await fixture.waitForStatus((s) => s.phase === 'offline');
  return { well, records };
}

/** The server holds exactly these records for the well: each once, nothing else. */
async function expectOnServer(well: WellRef, records: ReturnType<typeof day>[]) {
  const days = await fixture.serverDays(well, '2000-01-01', '2030-12-31');
  expect([...days.values()]).toEqual(records);
}

const idle = () => fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');

describe('sync under faults', () => {
  it('goes offline, probes with backoff, and reconnects by itself', async () => {
    const { well, records } = await queued();
    const offline = await fixture.harness.core.handlers['sync-status']({});
    expect(offline).toMatchObject({
      phase: 'offline',
      online: false,
      pending: 1,
      lastError: { type: 'offline' },
    });
    // The next probe is scheduled, and said when.
    expect(fixture.statuses.some((s) => s.phase === 'offline' && s.nextAttemptAt !== null)).toBe(
      true,
    );
    fixture.harness.setOffline(false); // no sync-now: the next probe finds the server
    expect(await idle()).toMatchObject({
      online: true,
      lastError: null,
      lastContactAt: expect.any(String),
    });
    await expectOnServer(well, records);
  });

  it('waits for Retry-After after 429s, then sends', async () => {
    const { well, records } = await queued();
    fixture.proxy.queue(
      { kind: 'status', status: 429, retryAfter: '1' },
      { kind: 'status', status: 429, retryAfter: '1' },
    );
    fixture.harness.setOffline(false);
    const waiting = await fixture.waitForStatus((s) => s.phase === 'waiting');
    expect(waiting).toMatchObject({
      online: true,
      nextAttemptAt: expect.any(String),
      lastError: { type: 'rate-limited', details: { retryAfterMs: 1000 } },
    });
    await idle();
    await expectOnServer(well, records);
  });

  it('backs off after 5xx and answers that are not the API, then sends', async () => {
    const { well, records } = await queued();
    fixture.proxy.queue({ kind: 'status', status: 500 }, { kind: 'html', status: 502 });
    fixture.harness.setOffline(false);
    const waiting = await fixture.waitForStatus((s) => s.phase === 'waiting');
    expect(waiting.lastError).toMatchObject({
      type: 'server',
      details: { status: 502, code: 'INVALID_RESPONSE' },
    });
    await idle();
    await expectOnServer(well, records);
  });

  it('treats timeouts and connection resets as offline', async () => {
    for (const fault of [{ kind: 'delay', ms: 1_500 }, { kind: 'reset' }] as Fault[]) {
      fixture.statuses.length = 0;
      const { well, records } = await queued();
      fixture.proxy.queue(fault, fault);
      fixture.harness.setOffline(false);
      await fixture.waitForStatus(
        (s) =>
          s.phase === 'offline' &&
          s.lastError?.details?.code === (fault.kind === 'reset' ? 'NETWORK_ERROR' : 'TIMEOUT'),
      );
      await idle();
      await expectOnServer(well, records);
    }
  });

  it('delivers a write whose answer was lost exactly once, whether the client or the engine repeats it', async () => {
    // First the client's own retry, then (both attempts lost) the engine's next pass.
    for (const lost of [1, 2]) {
      const { well, records } = await queued(40);
      const mark = fixture.proxy.log.length;
      fixture.proxy.queue(
        PASS,
        ...Array.from({ length: lost }, (): Fault => ({ kind: 'lose-response' })),
      );
      fixture.harness.setOffline(false);
      await idle();
      const posts = fixture.proxy.log.slice(mark).filter((request) => request.method === 'POST');
      expect(posts.length).toBe(lost + 1);
      expect(posts.slice(0, lost).every((request) => request.fault === 'lose-response')).toBe(true);
      await expectOnServer(well, records);
      expect(await fixture.outbox()).toEqual([]);
    }
  });

  it('does not mistake our own lost write for a conflict when the day is edited again', async () => {
    const { well, records } = await queued(1);
    // Both attempts of the POST are applied and their answers lost; then the network is
    // gone until the engineer has edited the same day again.
    fixture.proxy.queue(PASS, { kind: 'lose-response' }, { kind: 'lose-response' });
    let sent = false;
    const lost = new Promise<void>((resolve) => {
      const off = fixture.harness.core.events.on('sync-status-changed', (status) => {
        sent ||= status.phase === 'syncing';
        if (!sent || status.phase !== 'offline') return;
        fixture.proxy.always({ kind: 'reset' });
        off();
        resolve();
      });
    });
    fixture.harness.setOffline(false);
    await lost;
    expect((await fixture.serverDays(well, '2024-07-01', '2024-07-01')).get('2024-07-01')).toEqual(
      records[0],
    );
    const again = day('2024-07-01', { oil_rate: 4_321 });
    const { outboxSeq } = await fixture.harness.core.handlers['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [again],
    });
    const [tried] = await fixture.outbox();
    expect(outboxSeq).not.toBe(tried!.seq); // the tried operation is sealed
    fixture.proxy.always(null);
    expect(await fixture.syncNow()).toMatchObject({ pending: 0, conflicts: 0, errors: 0 });
    await expectOnServer(well, [again]);
  });

  it('survives the server stopping in the middle of a sync and coming back', async () => {
    const wells: Array<{ well: WellRef; records: ReturnType<typeof day>[] }> = [];
    for (let i = 0; i < 4; i++) wells.push(await queued(30));
    let stopping: Promise<void> | undefined;
    const off = fixture.harness.core.events.on('outbox-changed', (change) => {
      // The first well accepted: the server goes away with three to go.
      if (!stopping && change.pending === 3) stopping = fixture.demo.stop();
    });
    fixture.harness.setOffline(false);
    await fixture.waitForStatus((s) => s.phase === 'offline' && s.pending > 0);
    off();
    await stopping;
    await fixture.demo.restart();
    await idle();
    for (const { well, records } of wells) await expectOnServer(well, records);
    expect(fixture.statuses.some((s) => s.phase === 'offline' && !s.online)).toBe(true);
  });
});
