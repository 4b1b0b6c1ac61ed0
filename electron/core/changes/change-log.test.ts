import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS, type ProductionRecord } from '#shared/api/index.js';
import type { ChangeView } from '#shared/desktop/index.js';
import {
  day,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from '../sync/testing/sync-fixture.js';

/**
 * The change log: who changed which value, from what to what, when and from where; what
 * happened to it (synced, discarded); and that it outlives the outbox and a restart.
 */

let fixture: SyncFixture;
let imperial: WellRef;
let metric: WellRef;
const range = { from: '2024-05-01', to: '2024-05-31' };

const core = () => fixture.harness.core.handlers;

beforeAll(async () => {
  fixture = await startSyncFixture({ wellCounts: [2, 0, 1], core: { actor: 'jsmith' } });
  [imperial] = (await fixture.wells('imperial', 1)) as [WellRef];
  [metric] = (await fixture.wells('metric', 1)) as [WellRef];
  for (const well of [imperial, metric]) {
    await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      ...range,
      aggregation: 'daily',
    });
  }
});

afterAll(() => fixture.close());

const synced = () => fixture.waitForStatus((s) => s.pending === 0 && s.phase === 'idle');

async function changesOf(
  well: WellRef,
  extra: Record<string, unknown> = {},
): Promise<ChangeView[]> {
  const { changes } = await core()['changes-list']({
    projectId: well.projectId,
    wellId: well.wellId,
    ...extra,
  });
  return changes;
}

/** The days of a range as records, as the engineer sees them. */
async function daysOf(well: WellRef, from: string, to: string): Promise<ProductionRecord[]> {
  const { data } = await core()['production-get']({
    projectId: well.projectId,
    wellId: well.wellId,
    from,
    to,
    aggregation: 'daily',
  });
  return data.dates.map((date, r) =>
    day(date, Object.fromEntries(PRODUCTION_FIELDS.map((f) => [f, data.values[f]![r] ?? null]))),
  );
}

async function dayOf(well: WellRef, date: string): Promise<ProductionRecord> {
  const [record] = await daysOf(well, date, date);
  if (!record) throw new Error(`the fixture has no record on ${date}`);
  return record;
}

describe('the change log', () => {
  it('records a grid edit with who, where from, old and new, and follows it to the server', async () => {
    const before = await dayOf(imperial, '2024-05-02');
    await core()['records-save']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      records: [{ ...before, oil_rate: 321.5 }],
    });
    const [pending] = await changesOf(imperial, { field: 'oil_rate' });
    expect(pending).toMatchObject({
      actor: 'jsmith',
      connectionName: expect.any(String),
      source: 'grid',
      sourceLabel: null,
      wellName: imperial.well.name,
      date: '2024-05-02',
      values: [{ field: 'oil_rate', oldValue: before.oil_rate, newValue: 321.5, unit: 'bbl/d' }],
      oldUnknown: false,
      state: 'pending',
      settledAt: null,
    });
    // The untouched fields are not on record; a ratio that follows the rate is.
    const [whole] = await changesOf(imperial);
    const fields = whole!.values.map((value) => value.field);
    expect(fields).toContain('oil_rate');
    expect(fields.every((field) => ['oil_rate', 'gor', 'watercut'].includes(field))).toBe(true);

    await synced();
    const [after] = await changesOf(imperial, { field: 'oil_rate' });
    expect(after).toMatchObject({
      id: pending!.id,
      state: 'synced',
      settledAt: expect.any(String),
    });
    const { actions } = await core()['changes-recent']({});
    expect(actions[0]).toMatchObject({
      wellId: imperial.wellId,
      source: 'grid',
      days: 1,
      values: fields.length,
    });
  });

  it('shows values in the project units, and a paste as a paste', async () => {
    const before = await dayOf(metric, '2024-05-03');
    await core()['records-save']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      source: 'paste',
      records: [{ ...before, oil_rate: 10, bhp: 4554.9 }],
    });
    const [change] = await changesOf(metric, { sources: ['paste'] });
    expect(change!.values).toEqual(
      expect.arrayContaining([
        { field: 'oil_rate', oldValue: before.oil_rate, newValue: 10, unit: 'm³/d' },
        { field: 'bhp', oldValue: before.bhp, newValue: 4554.9, unit: 'kPa' },
      ]),
    );
    await synced();
  });

  it('records each value a delete removes, labelled with the range', async () => {
    const held = await daysOf(imperial, '2024-05-10', '2024-05-11');
    await core()['records-delete']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-05-10',
      to: '2024-05-11',
    });
    const changes = await changesOf(imperial, { sources: ['delete'] });
    const removed = (record: ProductionRecord) =>
      Object.entries(record)
        .filter(([field, value]) => field !== 'date' && value !== null)
        .map(([field, value]) => [field, value, null]);
    const expected = held.map((record) => [record.date, removed(record)]);
    expect(held.length).toBe(2);
    expect(
      changes
        .map((change) => [
          change.date,
          change.values.map((value) => [value.field, value.oldValue, value.newValue]),
        ])
        .sort(),
    ).toEqual(expected);
    expect(new Set(changes.map((change) => change.sourceLabel))).toEqual(
      new Set(['2024-05-10 to 2024-05-11']),
    );
    expect(new Set(changes.map((change) => change.batch)).size).toBe(1);
    await synced();
  });

  it('names a status change as such, and a discarded change as discarded', async () => {
    const status = metric.well.status === 'shut_in' ? 'active' : 'shut_in';
    await core()['well-update']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      patch: { status },
    });
    const [change] = await changesOf(metric, { sources: ['status'] });
    expect(change).toMatchObject({
      date: null,
      values: [{ field: 'status', oldValue: metric.well.status, newValue: status, unit: null }],
    });
    await synced();

    // Offline, so it stays queued; then the person throws it away.
    const before = await dayOf(imperial, '2024-05-20');
    fixture.proxy.always({ kind: 'reset' });
    try {
      await core()['records-save']({
        projectId: imperial.projectId,
        wellId: imperial.wellId,
        records: [{ ...before, runtime: 12 }],
      });
      await fixture.waitForStatus((s) => !s.online);
      const queued = (await fixture.outbox()).map((op) => op.seq);
      expect(queued).toHaveLength(1);
      await core()['outbox-discard']({ seqs: queued });
    } finally {
      fixture.proxy.always(null);
    }
    const [runtime] = await changesOf(imperial, { field: 'runtime' });
    expect(runtime).toMatchObject({
      values: [{ field: 'runtime', oldValue: before.runtime, newValue: 12, unit: 'h' }],
      state: 'discarded',
      settledAt: expect.any(String),
    });
  });

  it('survives a restart, and filters by when the change was made', async () => {
    const count = (await core()['changes-list']({ projectId: imperial.projectId })).total;
    expect(count).toBeGreaterThan(0);
    await fixture.harness.reopen({ actor: 'someone else' });
    const again = await core()['changes-list']({ projectId: imperial.projectId });
    expect(again.total).toBe(count);
    expect(again.changes.every((change) => change.actor === 'jsmith')).toBe(true);
    const future = await core()['changes-list']({
      projectId: imperial.projectId,
      madeFrom: '2999-01-01',
    });
    expect(future.total).toBe(0);
    const page = await core()['changes-list']({ projectId: imperial.projectId, limit: 2 });
    expect(page.changes).toHaveLength(2);
    const next = await core()['changes-list']({
      projectId: imperial.projectId,
      limit: 2,
      before: page.nextBefore!,
    });
    expect(next.changes[0]!.id).toBe(again.changes[2]!.id);
  });
});
