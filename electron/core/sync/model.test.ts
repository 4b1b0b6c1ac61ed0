import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS, type ProductionRecord, type WellStatus } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { Fault } from '../testing/fault-proxy.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './testing/sync-fixture.js';

/**
 * Model-based: random sequences of saves, deletes, well changes, the network
 * going and coming back, injected faults and syncs, against a model that is
 * just "what the engineer typed". At every step the core's reads equal the
 * model (the overlay hides whatever the sync is doing); after a final sync
 * online, the server equals the model.
 */

const DAYS = 8;
const FIRST = '2024-03-01';
const WELLS = 2;

interface Model {
  days: Array<Map<string, ProductionRecord>>;
  status: WellStatus[];
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
const dateOf = (i: number) => addDays(FIRST, i);

/** The reads the engineer sees equal the model, whatever the sync is doing. */
async function checkReads(model: Model, real: Real): Promise<void> {
  for (const [w, well] of real.wells.entries()) {
    const view = (
      await core()['production-get']({
        projectId: well.projectId,
        wellId: well.wellId,
        from: FIRST,
        to: dateOf(DAYS - 1),
        aggregation: 'daily',
      })
    ).data;
    const rows = view.dates.map((date, i) => {
      const row = { date } as ProductionRecord;
      for (const field of PRODUCTION_FIELDS) row[field] = view.values[field]![i] ?? null;
      return row;
    });
    expect(rows).toEqual([...model.days[w]!.values()].sort((a, b) => (a.date < b.date ? -1 : 1)));
    const got = await core()['wells-get']({ projectId: well.projectId, wellId: well.wellId });
    expect(got.data.well.status).toBe(model.status[w]);
  }
}

class Save implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly records: ProductionRecord[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    await core()['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: this.records,
    });
    for (const record of this.records) model.days[this.well]!.set(record.date, record);
    await checkReads(model, real);
  }
  toString = () =>
    `save(${this.well}, ${this.records.map((r) => `${r.date}=${r.oil_rate}`).join(' ')})`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly from: number,
    readonly length: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    const [from, to] = [dateOf(this.from), dateOf(this.from + this.length - 1)];
    await core()['records-delete']({ projectId: well.projectId, wellId: well.wellId, from, to });
    for (const date of [...model.days[this.well]!.keys()])
      if (date >= from && date <= to) model.days[this.well]!.delete(date);
    await checkReads(model, real);
  }
  toString = () => `delete(${this.well}, ${this.from}+${this.length})`;
}

class UpdateWell implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly well: number,
    readonly status: WellStatus,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const well = real.wells[this.well]!;
    await core()['well-update']({
      projectId: well.projectId,
      wellId: well.wellId,
      patch: { status: this.status },
    });
    model.status[this.well] = this.status;
    await checkReads(model, real);
  }
  toString = () => `update(${this.well}, ${this.status})`;
}

class Network implements fc.AsyncCommand<Model, Real> {
  constructor(readonly online: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.fixture.harness.setOffline(!this.online);
    await checkReads(model, real);
  }
  toString = () => (this.online ? 'online' : 'offline');
}

class InjectFault implements fc.AsyncCommand<Model, Real> {
  constructor(readonly fault: Fault) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    real.fixture.proxy.queue(this.fault);
  }
  toString = () =>
    `fault(${this.fault.kind}${'status' in this.fault ? ` ${this.fault.status}` : ''})`;
}

class Sync implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const status = await core()['sync-now']({});
    expect(status).toMatchObject({ errors: 0, conflicts: 0 });
    await checkReads(model, real);
  }
  toString = () => 'sync';
}

const record = (i: number) =>
  fc
    .record({
      oil: fc.integer({ min: 0, max: 999 }),
      gas: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
    })
    .map(({ oil, gas }) => day(dateOf(i), { oil_rate: oil, gas_rate: gas }));

const commands = [
  fc
    .tuple(fc.nat(WELLS - 1), fc.uniqueArray(fc.nat(DAYS - 1), { minLength: 1, maxLength: 4 }))
    .chain(([well, days]) =>
      fc.tuple(...days.map(record)).map((records) => new Save(well, records)),
    ),
  fc
    .tuple(fc.nat(WELLS - 1), fc.nat(DAYS - 1), fc.integer({ min: 1, max: 3 }))
    .map(([w, from, n]) => new Delete(w, from, Math.min(n, DAYS - from))),
  fc
    .tuple(fc.nat(WELLS - 1), fc.constantFrom<WellStatus>('active', 'inactive', 'shut_in'))
    .map(([w, s]) => new UpdateWell(w, s)),
  fc.boolean().map((online) => new Network(online)),
  fc
    .constantFrom<Fault>(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429, retryAfter: '0' },
      { kind: 'html', status: 502 },
      { kind: 'reset' },
      { kind: 'lose-response' },
      { kind: 'lose-response' },
      { kind: 'delay', ms: 0 }, // lets the next faults land on later requests
    )
    .map((fault) => new InjectFault(fault)),
  fc.constant(new Sync()),
];

describe('model-based sync', () => {
  it('ends with the server equal to the model after any sequence of edits, outages and faults', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20 }), async (cmds) => {
        run++;
        fixture.harness.setOffline(false);
        fixture.proxy.clear();
        await core()['sync-now']({});
        const wells: WellRef[] = [];
        for (let w = 0; w < WELLS; w++) {
          const well = await fixture.newWell('imperial', `Model ${run}-${w}`);
          await core()['production-get']({
            projectId: well.projectId,
            wellId: well.wellId,
            from: FIRST,
            to: dateOf(DAYS - 1),
            aggregation: 'daily',
          });
          wells.push(well);
        }
        const model: Model = {
          days: wells.map(() => new Map()),
          status: wells.map((w) => w.well.status!),
        };
        const real: Real = { fixture, wells };
        await fc.asyncModelRun(() => ({ model, real }), cmds);

        // The final sync, online and without faults.
        fixture.harness.setOffline(false);
        fixture.proxy.clear();
        let status = await core()['sync-now']({});
        for (
          let tries = 0;
          tries < 20 && (status.pending > 0 || status.phase !== 'idle');
          tries++
        ) {
          status = await core()['sync-now']({});
        }
        expect(status).toMatchObject({ pending: 0, phase: 'idle' });
        expect(status).toMatchObject({ errors: 0, conflicts: 0 });
        for (const [w, well] of wells.entries()) {
          const server = await fixture.serverDays(well, FIRST, dateOf(DAYS - 1));
          expect([...server.values()]).toEqual(
            [...model.days[w]!.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
          );
          expect((await fixture.api.getWell(well.projectId, well.wellId)).status).toBe(
            model.status[w],
          );
        }
        await checkReads(model, real);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
