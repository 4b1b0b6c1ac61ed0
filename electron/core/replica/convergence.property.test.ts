import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import {
  FAST_SYNC,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from '../sync/testing/sync-fixture.js';

/**
 * Model-based: random interleavings of another client's writes and deletes on the server,
 * this computer's own edits, refreshes of the kept project, restarts and the network going
 * and coming back. Whatever the order, once online and settled the replica holds exactly
 * the server's days, and every read shows the server's data with this computer's edits on
 * top; while edits wait offline, every read shows them.
 *
 * The other client writes even days and the engineer edits odd ones, so no edit is ever in
 * conflict: the conflict rules have their own tests (sync/conflicts.test.ts), and here the
 * expected end is exact.
 */

const DAYS = 10;
const FIRST = '2024-03-01';
const WELLS = 2;
const dateOf = (i: number) => addDays(FIRST, i);

interface Model {
  /** What the other client wrote: well → date → oil. */
  server: Array<Map<string, number>>;
  /** What the engineer typed: pending until pushed, then also on the server. */
  local: Array<Map<string, number>>;
  online: boolean;
}

interface Real {
  fixture: SyncFixture;
  wells: WellRef[];
}

let fixture: SyncFixture;
let run = 0;

beforeAll(async () => {
  fixture = await startSyncFixture({
    wellCounts: [1, 0, 0],
    core: {
      sync: FAST_SYNC,
      client: {
        timeoutMs: 2_000,
        retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
        rateLimit: { initialRampMs: 2, defaultHoldMs: 2 },
      },
    },
  });
});

afterAll(() => fixture.close());

const core = () => fixture.harness.core.handlers;

/** The days this test writes, as a read shows them: well's date → oil. */
async function viewOf(well: WellRef): Promise<Map<string, number | null>> {
  const view = (
    await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from: FIRST,
      to: dateOf(DAYS - 1),
      aggregation: 'daily',
    })
  ).data;
  return new Map(view.dates.map((date, i) => [date, view.values.oil_rate![i] ?? null]));
}

function expected(model: Model, w: number): Map<string, number> {
  const days = new Map([...model.server[w]!, ...model.local[w]!]);
  return new Map([...days].sort(([a], [b]) => (a < b ? -1 : 1)));
}

class ServerWrite implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly day: number,
    readonly oil: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    const date = dateOf(this.day * 2);
    await real.fixture.api.upsertProduction(well.projectId, well.wellId, [
      { date, oil_rate: this.oil },
    ]);
    model.server[this.well]!.set(date, this.oil);
  }
  toString = () => `server writes ${this.oil} on well ${this.well} day ${this.day * 2}`;
}

class ServerDelete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly day: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    const date = dateOf(this.day * 2);
    await real.fixture.api.deleteProduction(well.projectId, well.wellId, { from: date, to: date });
    model.server[this.well]!.delete(date);
  }
  toString = () => `server deletes well ${this.well} day ${this.day * 2}`;
}

class LocalEdit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly day: number,
    readonly oil: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    const date = dateOf(this.day * 2 + 1);
    await core()['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [{ date, oil_rate: this.oil }],
    });
    model.local[this.well]!.set(date, this.oil);
    // The engineer sees what they typed at once, online or not.
    expect((await viewOf(well)).get(date)).toBe(this.oil);
  }
  toString = () => `engineer types ${this.oil} on well ${this.well} day ${this.day * 2 + 1}`;
}

class Refresh implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    await core()['replica-open']({ projectId: real.wells[0]!.projectId });
    await real.fixture.harness.core.whenIdle();
    if (model.online) await settleAndCheck(model, real);
  }
  toString = () => 'refresh';
}

class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    await real.fixture.harness.reopen();
    // Queued edits survive: every read still shows them.
    for (const [w, well] of real.wells.entries()) {
      const view = await viewOf(well);
      for (const [date, oil] of model.local[w]!) expect(view.get(date)).toBe(oil);
    }
  }
  toString = () => 'restart';
}

class Network implements fc.AsyncCommand<Model, Real> {
  constructor(readonly online: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.fixture.harness.setOffline(!this.online);
    model.online = this.online;
  }
  toString = () => (this.online ? 'network back' : 'network gone');
}

/** Online: edits pushed, the project refreshed, then the replica and the reads checked. */
async function settleAndCheck(model: Model, real: Real): Promise<void> {
  let status = await core()['sync-now']({});
  for (let tries = 0; tries < 20 && (status.pending > 0 || status.phase !== 'idle'); tries++) {
    status = await core()['sync-now']({});
  }
  expect(status).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });
  await core()['replica-open']({ projectId: real.wells[0]!.projectId });
  await real.fixture.harness.core.whenIdle();
  for (const [w, well] of real.wells.entries()) {
    const want = expected(model, w);
    const server = await real.fixture.serverDays(well, FIRST, dateOf(DAYS - 1));
    expect(new Map([...server].map(([date, record]) => [date, record.oil_rate]))).toEqual(want);
    const replica = real.fixture.withCache(
      (db) =>
        new Map(
          (
            db
              .prepare(
                'SELECT date, oil_rate FROM production WHERE well_id = ? AND date BETWEEN ? AND ? ORDER BY date',
              )
              .all(well.wellId, FIRST, dateOf(DAYS - 1)) as Array<{
              date: string;
              oil_rate: number;
            }>
          ).map((row) => [row.date, row.oil_rate]),
        ),
    );
    expect(replica).toEqual(want);
    expect(await viewOf(well)).toEqual(want);
  }
}

const oil = fc.integer({ min: 1, max: 9_999 });
const evenDay = fc.nat(DAYS / 2 - 1);
const commands = [
  fc.tuple(fc.nat(WELLS - 1), evenDay, oil).map(([w, d, v]) => new ServerWrite(w, d, v)),
  fc.tuple(fc.nat(WELLS - 1), evenDay).map(([w, d]) => new ServerDelete(w, d)),
  fc.tuple(fc.nat(WELLS - 1), evenDay, oil).map(([w, d, v]) => new LocalEdit(w, d, v)),
  fc.constant(new Refresh()),
  fc.constant(new Restart()),
  fc.boolean().map((online) => new Network(online)),
];

describe('the kept project converges', () => {
  it('to the server’s data plus this computer’s edits, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        run++;
        fixture.harness.setOffline(false);
        const wells: WellRef[] = [];
        for (let w = 0; w < WELLS; w++) {
          wells.push(await fixture.newWell('imperial', `Replica model ${run}-${w}`));
        }
        const model: Model = {
          server: wells.map(() => new Map()),
          local: wells.map(() => new Map()),
          online: true,
        };
        const real: Real = { fixture, wells };
        await core()['replica-open']({ projectId: wells[0]!.projectId });
        await fixture.harness.core.whenIdle();
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        fixture.harness.setOffline(false);
        model.online = true;
        await settleAndCheck(model, real);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
