import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionGetArgs } from '#shared/desktop/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import {
  rowsOf,
  startProductionFixture,
  type ProductionFixture,
  type WellTarget,
} from '../testing/production-fixture.js';

/** production-get offline, across a server restart, a unit-system switch, edits and deletions. */

let fixture: ProductionFixture;
/** Each test works on its own wells, so one test's cache never answers another's. */
let imperial: WellTarget;
let metric: WellTarget;

const get = (args: ProductionGetArgs) => fixture.harness.core.handlers['production-get'](args);

beforeAll(async () => {
  fixture = await startProductionFixture();
  [imperial] = (await fixture.wells('imperial', 1)) as [WellTarget];
  [metric] = (await fixture.wells('metric', 1)) as [WellTarget];
  // What the offline tests find in the cache.
  const { projectId, well } = imperial;
  await get({
    projectId,
    wellId: well.id,
    from: '2023-12-01',
    to: '2024-06-30',
    aggregation: 'daily',
  });
});

afterAll(() => fixture.close());

describe('production-get when the network or the server changes', () => {
  it('answers offline from what is cached, lists what is missing, and refuses what never was', async () => {
    const { projectId, well } = imperial;
    const base = { projectId, wellId: well.id, aggregation: 'daily' as const };
    fixture.harness.setOffline(true);
    try {
      const covered = await get({ ...base, from: '2024-01-01', to: '2024-01-31' });
      expect(covered).toMatchObject({ source: 'cache', stale: false, offline: false });

      const partly = await get({ ...base, from: '2023-11-01', to: '2024-01-31' });
      expect(partly).toMatchObject({ source: 'cache', stale: true, offline: true });
      expect(partly.data.missing).toEqual([{ from: '2023-11-01', to: '2023-11-30' }]);
      expect(partly.data.dates[0]! >= '2023-12-01').toBe(true);

      const never = await coreErrorOf(get({ ...base, from: '2001-01-01', to: '2001-12-31' }));
      expect(never.toJSON()).toMatchObject({
        type: 'offline',
        message: expect.stringMatching(
          /^This range is not available offline: 2001-01-01 to 2001-12-31/,
        ),
      });

      const otherWell = await fixture.api.createWell(projectId, { name: 'Never opened 1H' });
      const unknown = await coreErrorOf(
        get({ ...base, wellId: otherWell.id, from: '2024-01-01', to: '2024-01-31' }),
      );
      expect(unknown.toJSON()).toMatchObject({
        type: 'offline',
        message: expect.stringMatching(/^This well is not available offline/),
      });
    } finally {
      fixture.harness.setOffline(false);
    }
  });

  it('notices a stopped server, and carries on when it is back', async () => {
    const { projectId, well } = imperial;
    const base = { projectId, wellId: well.id, aggregation: 'daily' as const };
    await fixture.demo.stop();
    try {
      const cached = await get({ ...base, from: '2023-06-01', to: '2024-02-29' });
      expect(cached).toMatchObject({
        offline: true,
        data: { missing: [{ from: '2023-06-01', to: '2023-11-30' }] },
      });
    } finally {
      await fixture.demo.restart();
    }
    const back = await get({ ...base, from: '2023-06-01', to: '2024-02-29' });
    expect(back).toMatchObject({ source: 'server', offline: false, data: { missing: [] } });
  });

  it('keeps cached values right when the project switches unit system on the server', async () => {
    const { projectId, well } = metric;
    const base = { projectId, wellId: well.id, aggregation: 'daily' as const };
    await get({ ...base, from: '2020-01-01', to: '2020-12-31' }); // cached while metric
    await fixture.api.updateProject(projectId, { unitSystem: 'imperial' });
    try {
      // A new range makes the core read the project again; old and new parts now both show imperial.
      const both = await get({ ...base, from: '2020-07-01', to: '2021-06-30' });
      expect(both.data.unitSystem).toBe('imperial');
      expect(rowsOf(both.data)).toEqual(
        await fixture.serverRows(metric, {
          from: '2020-07-01',
          to: '2021-06-30',
          aggregation: 'daily',
        }),
      );
      const monthly = await get({
        ...base,
        from: '2020-01-01',
        to: '2021-06-30',
        aggregation: 'monthly',
      });
      expect(rowsOf(monthly.data)).toEqual(
        await fixture.serverRows(metric, {
          from: '2020-01-01',
          to: '2021-06-30',
          aggregation: 'monthly',
        }),
      );
    } finally {
      await fixture.api.updateProject(projectId, { unitSystem: 'metric' });
    }
  });

  it('re-fetches a cached range on refresh "await", and reports what changed', async () => {
    const { projectId, well } = imperial;
    const { api, harness } = fixture;
    const base = { projectId, wellId: well.id, aggregation: 'daily' as const };
    await api.upsertProduction(projectId, well.id, [{ date: '2024-01-10', oil_rate: 123.25 }]);
    await api.deleteProduction(projectId, well.id, { from: '2024-01-20', to: '2024-01-21' });
    const stale = await get({ ...base, from: '2024-01-01', to: '2024-01-31' });
    expect(stale.data.values.oil_rate![stale.data.dates.indexOf('2024-01-10')]).not.toBe(123.25);

    harness.events.length = 0;
    const fresh = await get({ ...base, from: '2024-01-01', to: '2024-01-31', refresh: 'await' });
    expect(fresh.source).toBe('server');
    expect(fresh.data.values.oil_rate![fresh.data.dates.indexOf('2024-01-10')]).toBe(123.25);
    expect(fresh.data.dates).not.toContain('2024-01-20');
    expect(rowsOf(fresh.data)).toEqual(
      await fixture.serverRows(imperial, {
        from: '2024-01-01',
        to: '2024-01-31',
        aggregation: 'daily',
      }),
    );
    expect(harness.events).toEqual([
      {
        connectionId: expect.any(String),
        kind: 'production',
        projectId,
        wellId: well.id,
        range: { from: '2024-01-01', to: '2024-01-31' },
      },
    ]);

    harness.events.length = 0;
    await get({ ...base, from: '2024-01-01', to: '2024-01-31', refresh: 'await' });
    expect(harness.events).toEqual([]); // nothing differed
  });

  it('forgets a well the server deleted', async () => {
    const { api, harness } = fixture;
    const created = await api.createWell(imperial.projectId, { name: 'Doomed 1H' });
    await api.upsertProduction(imperial.projectId, created.id, [
      { date: '2024-01-01', oil_rate: 5 },
    ]);
    const base = {
      projectId: imperial.projectId,
      wellId: created.id,
      aggregation: 'daily' as const,
    };
    expect((await get({ ...base, from: '2024-01-01', to: '2024-01-31' })).data.dates).toEqual([
      '2024-01-01',
    ]);
    await api.deleteWell(imperial.projectId, created.id);
    const gone = await coreErrorOf(get({ ...base, from: '2024-02-01', to: '2024-02-28' }));
    expect(gone.type).toBe('not-found');
    const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
    expect(
      db.prepare('SELECT COUNT(*) FROM production WHERE well_id = ?').pluck().get(created.id),
    ).toBe(0);
    db.close();
  });
});
