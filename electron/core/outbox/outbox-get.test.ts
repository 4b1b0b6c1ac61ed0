import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductionValues } from '#shared/desktop/index.js';
import {
  day,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from '../sync/testing/sync-fixture.js';
import { coreErrorOf } from '../testing/core-error.js';

/**
 * outbox-get: each kind of operation with its content in the project's units,
 * the conflict's fields, and the values of a well (and project) the server
 * deleted and the cache dropped.
 */

let fixture: SyncFixture;
let imperial: WellRef;
let metric: WellRef;
const core = () => fixture.harness.core.handlers;
const JANUARY = { from: '2024-01-01', to: '2024-01-31' };

beforeAll(async () => {
  fixture = await startSyncFixture();
  [imperial] = (await fixture.wells('imperial', 1)) as [WellRef];
  [metric] = (await fixture.wells('metric', 1)) as [WellRef];
  for (const well of [imperial, metric]) await dayValues(well, '2024-01-01');
});

afterAll(() => fixture.close());

/** Whatever is queued goes; the core is offline unless a test says otherwise. */
beforeEach(async () => {
  fixture.harness.setOffline(false);
  const seqs = (await fixture.outbox()).map((op) => op.seq);
  if (seqs.length > 0) await core()['outbox-discard']({ seqs });
  fixture.harness.setOffline(true);
});

/** A day as production-get shows it (the cache's server row merged with edits). */
async function dayValues(well: WellRef, date: string): Promise<ProductionValues> {
  const view = (
    await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      ...JANUARY,
      aggregation: 'daily',
    })
  ).data;
  const i = view.dates.indexOf(date);
  return Object.fromEntries(
    view.fields.map((field) => [field, i < 0 ? null : (view.values[field]![i] ?? null)]),
  ) as ProductionValues;
}

const values = (given: Partial<ProductionValues>) => {
  const { date: _date, ...rest } = day('2024-01-01', given);
  return rest as ProductionValues;
};

describe('outbox-get', () => {
  it('gives an upsert’s records in the project’s units, each with its base', async () => {
    const before = await dayValues(metric, '2024-01-10');
    const { outboxSeq } = await core()['records-save']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      records: [
        day('2024-01-10', { oil_rate: 10.5, gas_rate: 2.25, bhp: 1500, choke_size: 12.7 }),
        day('2030-01-01', { oil_rate: 1 }), // never downloaded
      ],
    });
    const [listed] = await fixture.outbox();
    const detail = await core()['outbox-get']({ seq: outboxSeq });
    expect(detail).toEqual({
      ...listed,
      wellName: metric.well.name,
      unitSystem: 'metric',
      units: {
        oil_rate: 'm³/d',
        water_rate: 'm³/d',
        gas_rate: '10³m³/d',
        bhp: 'kPa',
        thp: 'kPa',
        choke_size: 'mm',
        runtime: 'h',
        gor: 'm³/m³',
        watercut: '%',
      },
      lengthUnit: 'm',
      records: [
        {
          date: '2024-01-10',
          values: values({ oil_rate: 10.5, gas_rate: 2.25, bhp: 1500, choke_size: 12.7 }),
          base: before,
        },
        { date: '2030-01-01', values: values({ oil_rate: 1 }), base: 'unknown' },
      ],
      patch: null,
      conflicts: null,
    });
    expect(before.oil_rate).not.toBeNull(); // the base is a real server row
    expect(await core()['outbox-get']({ seq: outboxSeq, withRecords: false })).toMatchObject({
      recordCount: 2,
      records: null,
    });
  });

  it('gives a deletion’s range and a well change as the API patch, in project units', async () => {
    const deletion = await core()['records-delete']({
      projectId: imperial.projectId,
      wellId: imperial.wellId,
      from: '2024-01-03',
      to: '2024-01-04',
    });
    expect(await core()['outbox-get']({ seq: deletion.outboxSeq })).toMatchObject({
      kind: 'delete-range',
      range: { from: '2024-01-03', to: '2024-01-04' },
      unitSystem: 'imperial',
      records: null,
      patch: null,
    });
    const patch = {
      name: 'Renamed 7H',
      status: 'shut_in' as const,
      lateralLength: 1523.25,
      perfInterval: { topMd: 2800.5, bottomMd: 4300 },
    };
    const update = await core()['well-update']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      patch,
    });
    expect(await core()['outbox-get']({ seq: update.outboxSeq })).toMatchObject({
      kind: 'update-well',
      wellName: metric.well.name, // the server's name until the change is accepted
      unitSystem: 'metric',
      lengthUnit: 'm',
      patch,
      records: null,
    });
  });

  it('refuses an operation that is not queued', async () => {
    const error = await coreErrorOf(core()['outbox-get']({ seq: 999_999 }));
    expect(error.toJSON()).toEqual({
      type: 'not-found',
      message: 'There is no queued change 999999; it may have been sent or discarded.',
    });
  });

  it('structures a conflict per day and field: ours, theirs and the base', async () => {
    const base = await dayValues(metric, '2024-01-15');
    const deletedBase = await dayValues(metric, '2024-01-16');
    await core()['records-save']({
      projectId: metric.projectId,
      wellId: metric.wellId,
      records: [day('2024-01-15', { oil_rate: 100 }), day('2024-01-16', { oil_rate: 50 })],
    });
    await fixture.api.upsertProduction(metric.projectId, metric.wellId, [
      day('2024-01-15', { oil_rate: 200 }),
    ]);
    await fixture.api.deleteProduction(metric.projectId, metric.wellId, {
      from: '2024-01-16',
      to: '2024-01-16',
    });
    fixture.harness.setOffline(false);
    expect(await fixture.syncNow()).toMatchObject({ conflicts: 1 });
    const [op] = await fixture.outbox();
    const detail = await core()['outbox-get']({ seq: op!.seq, withRecords: false });
    expect(detail.state).toBe('conflict');
    const [changed, ...deleted] = detail.conflicts!;
    expect(changed).toEqual({
      date: '2024-01-15',
      field: 'oil_rate',
      ours: 100,
      theirs: 200,
      base: base.oil_rate,
      theirsDeleted: false,
      baseMissing: false,
    });
    // The deleted day: every field either side had a value in.
    const expected = Object.entries(deletedBase)
      .filter(([field, value]) => value !== null || field === 'oil_rate')
      .map(([field, value]) => ({
        date: '2024-01-16',
        field,
        ours: field === 'oil_rate' ? 50 : null,
        theirs: null,
        base: value,
        theirsDeleted: true,
        baseMissing: false,
      }));
    expect(deleted).toEqual(expected);
    expect(deleted.length).toBeGreaterThan(1);
  });

  it('still gives the values of a well and project the server deleted, after the cache dropped them', async () => {
    fixture.harness.setOffline(false);
    const project = await fixture.api.createProject({ name: 'Doomed', unitSystem: 'metric' });
    const well = await fixture.api.createWell(project.id, { name: 'Doomed 1H' });
    await core()['projects-list']({ refresh: 'await' });
    await core()['wells-list']({ projectId: project.id, refresh: 'await' });
    const read = { projectId: project.id, wellId: well.id, from: '2024-02-01', to: '2024-02-10' };
    await core()['production-get']({ ...read, aggregation: 'daily' }); // covered, no records
    fixture.harness.setOffline(true);
    const saved = await core()['records-save']({
      projectId: project.id,
      wellId: well.id,
      records: [day('2024-02-03', { oil_rate: 5.5, watercut: 12 })],
    });
    await fixture.api.deleteWell(project.id, well.id);
    fixture.harness.setOffline(false);
    expect(await fixture.syncNow()).toMatchObject({ errors: 1 });

    // A read finds the well gone and drops it from the cache; the outbox keeps the values.
    const gone = await coreErrorOf(
      core()['wells-get']({ projectId: project.id, wellId: well.id, refresh: 'await' }),
    );
    expect(gone.type).toBe('not-found');
    const cachedWells = () =>
      fixture.withCache((db) =>
        db.prepare('SELECT COUNT(*) FROM wells WHERE id = ?').pluck().get(well.id),
      );
    expect(cachedWells()).toBe(0);
    const expected = {
      seq: saved.outboxSeq,
      state: 'error',
      error: expect.objectContaining({ type: 'not-found' }),
      wellName: 'Doomed 1H',
      unitSystem: 'metric',
      records: [
        { date: '2024-02-03', values: values({ oil_rate: 5.5, watercut: 12 }), base: null },
      ],
    };
    expect(await core()['outbox-get']({ seq: saved.outboxSeq })).toMatchObject(expected);

    // The project goes too: its units are remembered with the operation.
    await fixture.api.deleteProject(project.id);
    await coreErrorOf(core()['projects-get']({ projectId: project.id, refresh: 'await' }));
    expect(
      fixture.withCache((db) =>
        db.prepare('SELECT COUNT(*) FROM projects WHERE id = ?').pluck().get(project.id),
      ),
    ).toBe(0);
    expect(await core()['outbox-get']({ seq: saved.outboxSeq })).toMatchObject(expected);
    expect(
      fixture.withCache((db) =>
        db.prepare('SELECT well_name, unit_system FROM outbox WHERE seq = ?').get(saved.outboxSeq),
      ),
    ).toEqual({ well_name: 'Doomed 1H', unit_system: 'metric' }); // answered from these
  });
});
