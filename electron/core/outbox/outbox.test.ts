import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coreErrorOf } from '../testing/core-error.js';
import { startHeldFixture, type HeldFixture } from '../sync/testing/held-fixture.js';
import { day, type SyncFixture, type WellRef } from '../sync/testing/sync-fixture.js';

/**
 * Saving edits (nothing is sent in these tests): validation, one transaction
 * per save, coalescing, the values kept in imperial, deletes, discarding.
 */

let held: HeldFixture;
let fixture: SyncFixture;
let imperial: WellRef;
let metric: WellRef;
let other: WellRef;
const save: HeldFixture['save'] = (well, records) => held.save(well, records);

beforeAll(async () => {
  held = await startHeldFixture();
  ({ fixture, imperial, metric, other } = held);
});

afterAll(() => fixture.close());

beforeEach(() => held.clearOutbox());

function outboxRows(): Array<{
  seq: number;
  date: string;
  oil_rate: number | null;
  base: string | null;
}> {
  return fixture.withCache((db) =>
    db
      .prepare(
        'SELECT outbox_seq AS seq, date, oil_rate, base FROM outbox_records ORDER BY outbox_seq, date',
      )
      .all(),
  ) as never;
}

describe('records-save', () => {
  it('queues full records in one operation, keeping the server value before the edit as base', async () => {
    const before = await fixture.harness.core.handlers['production-get']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-01-10',
      to: '2024-01-10',
      aggregation: 'daily',
    });
    const result = await save(imperial, [
      { date: '2024-01-10', oil_rate: 111 },
      { date: '2024-01-11', oil_rate: 112 },
    ]);
    expect(result).toEqual({ saved: 2, outboxSeq: expect.any(Number) });
    const ops = await fixture.outbox();
    expect(ops).toEqual([
      expect.objectContaining({
        seq: result.outboxSeq,
        kind: 'upsert-records',
        state: 'pending',
        recordCount: 2,
        range: { from: '2024-01-10', to: '2024-01-11' },
        error: null,
      }),
    ]);
    const [first] = outboxRows();
    const base = JSON.parse(first!.base!) as Array<number | null>;
    expect(base[0]).toBe(before.data.values.oil_rate![0]);
    expect(fixture.outboxEvents.at(-1)).toMatchObject({ wellId: imperial.wellId, pending: 1 });
  });

  it('coalesces repeated edits of a day into the pending row, keeping its first base', async () => {
    const first = await save(imperial, [day('2024-02-01', { oil_rate: 1 })]);
    const baseBefore = outboxRows()[0]!.base;
    const second = await save(imperial, [
      day('2024-02-01', { oil_rate: 2 }),
      day('2024-02-02', { oil_rate: 3 }),
    ]);
    expect(second.outboxSeq).toBe(first.outboxSeq);
    expect(outboxRows()).toEqual([
      { seq: first.outboxSeq, date: '2024-02-01', oil_rate: 2, base: baseBefore },
      { seq: first.outboxSeq, date: '2024-02-02', oil_rate: 3, base: expect.any(String) },
    ]);
    const view = await fixture.harness.core.handlers['production-get']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-02-01',
      to: '2024-02-02',
      aggregation: 'daily',
    });
    expect(view.data.values.oil_rate).toEqual([2, 3]);
    expect(view.data.states).toEqual(['pending', 'pending']);
    // A whole record: absent fields are null, as the API's upsert makes them.
    expect(view.data.values.gas_rate).toEqual([null, null]);
  });

  it('stores metric values in imperial and shows them exactly as typed', async () => {
    await save(metric, [
      { date: '2024-03-05', oil_rate: 10, gas_rate: 2.5, bhp: 4554.9, runtime: 24 },
    ]);
    const row = fixture.withCache((db) =>
      db.prepare('SELECT oil_rate, gas_rate, bhp, runtime FROM outbox_records').get(),
    ) as Record<string, number>;
    expect(row.oil_rate).toBeCloseTo(10 / 0.158987294928, 9);
    expect(row.runtime).toBe(24);
    const view = await fixture.harness.core.handlers['production-get']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      from: '2024-03-05',
      to: '2024-03-05',
      aggregation: 'daily',
    });
    expect(view.data.values).toMatchObject({
      oil_rate: [10],
      gas_rate: [2.5],
      bhp: [4554.9],
      runtime: [24],
    });
  });

  it('refuses invalid values, naming record and field, and changes nothing', async () => {
    const cases: Array<[Array<Record<string, unknown>>, string, string]> = [
      [[{ date: '2024-01-01', watercut: 101 }], 'records[0].watercut', 'validation'],
      [[{ date: '2024-01-01' }, { date: '2024-01-01' }], 'records[1].date', 'validation'],
      [[{ date: '2024-02-30', oil_rate: 1 }], 'records[0].date', 'validation'],
      [[{ date: '2024-01-01', oil_rate: -1 }], 'records[0].oil_rate', 'validation'],
    ];
    for (const [records, path, type] of cases) {
      const error = await coreErrorOf(save(imperial, records));
      expect(error.type).toBe(type);
      expect(error.details?.issues).toContainEqual(expect.objectContaining({ path }));
    }
    const tooBig = await coreErrorOf(save(metric, [{ date: '2024-01-01', oil_rate: 1e308 }]));
    expect(tooBig.details?.issues).toEqual([
      {
        path: 'records[0].oil_rate',
        message: 'is too large to convert between imperial and metric units',
      },
    ]);
    const unknown = await coreErrorOf(
      fixture.harness.core.handlers['records-save']({
        projectId: imperial.projectId,
        wellId: 'wel_nope',
        records: [day('2024-01-01')],
      }),
    );
    expect(unknown.type).toBe('not-found');
    expect(await fixture.outbox()).toEqual([]);
  });
});

describe('records-delete and the overlay', () => {
  it('reads deleted days as absent, drops queued values in the range, and aggregates the merged days', async () => {
    const args = {
      projectId: other.projectId,
      wellId: other.wellId,
      from: '2024-01-01',
      to: '2024-01-31',
    } as const;
    const server = await fixture.harness.core.handlers['production-get']({
      ...args,
      aggregation: 'daily',
    });
    await save(other, [day('2024-01-02', { oil_rate: 500 }), day('2024-02-10', { oil_rate: 7 })]);
    const deleted = await fixture.harness.core.handlers['records-delete']({
      ...args,
      from: '2024-01-01',
      to: '2024-01-15',
    });
    const ops = await fixture.outbox();
    expect(ops.map((op) => [op.kind, op.recordCount, op.range])).toEqual([
      ['upsert-records', 1, { from: '2024-02-10', to: '2024-02-10' }],
      ['delete-range', 0, { from: '2024-01-01', to: '2024-01-15' }],
    ]);
    expect(ops[1]!.seq).toBe(deleted.outboxSeq);

    const view = await fixture.harness.core.handlers['production-get']({
      ...args,
      aggregation: 'daily',
    });
    expect(view.data.dates).toEqual(server.data.dates.filter((date) => date > '2024-01-15'));
    expect(view.data.deletions).toEqual([
      { from: '2024-01-01', to: '2024-01-15', state: 'pending' },
    ]);
    expect(view.data.states.every((state) => state === 'synced')).toBe(true);

    const monthly = await fixture.harness.core.handlers['production-get']({
      ...args,
      to: '2024-02-29',
      aggregation: 'monthly',
    });
    const kept = server.data.dates.flatMap((date, i) =>
      date > '2024-01-15' ? [server.data.values.oil_rate![i]!] : [],
    );
    expect(monthly.data.values.oil_rate![0]).toBeCloseTo(
      kept.reduce((a, b) => a + b, 0) / kept.length,
      9,
    );
    expect(monthly.data.states[0]).toBe('pending');
  });

  it('discards operations: their values disappear and the server rows show again', async () => {
    const args = {
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-03-01',
      to: '2024-03-03',
      aggregation: 'daily' as const,
    };
    const server = await fixture.harness.core.handlers['production-get'](args);
    const { outboxSeq } = await save(imperial, [day('2024-03-02', { oil_rate: 1 })]);
    await fixture.harness.core.handlers['records-delete']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-03-01',
      to: '2024-03-01',
    });
    expect((await fixture.harness.core.handlers['production-get'](args)).data.dates).not.toEqual(
      server.data.dates,
    );
    const ops = await fixture.outbox();
    expect(
      await fixture.harness.core.handlers['outbox-discard']({ seqs: ops.map((op) => op.seq) }),
    ).toEqual({ discarded: 2 });
    expect((await fixture.harness.core.handlers['production-get'](args)).data).toEqual(server.data);
    const gone = await coreErrorOf(
      fixture.harness.core.handlers['outbox-discard']({ seqs: [outboxSeq] }),
    );
    expect(gone.type).toBe('not-found');
  });
});
