import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { ProductionGetArgs } from '#shared/desktop/index.js';
import { DEMO_TODAY } from '../testing/demo-server.js';
import {
  rowsOf,
  startProductionFixture,
  type ProductionFixture,
  type WellTarget,
} from '../testing/production-fixture.js';

/** production-get: only the gaps are fetched; monthly is computed locally, exactly as the server does. */

let fixture: ProductionFixture;
/** Each test works on its own wells, so one test's cache never answers another's. */
let imperial: WellTarget;
let imperialMonthly: WellTarget;
let metricMonthly: WellTarget;

beforeAll(async () => {
  fixture = await startProductionFixture();
  [imperial, imperialMonthly] = (await fixture.wells('imperial', 2)) as [WellTarget, WellTarget];
  [metricMonthly] = (await fixture.wells('metric', 1)) as [WellTarget];
});

afterAll(() => fixture.close());

const get = (args: ProductionGetArgs) => fixture.harness.core.handlers['production-get'](args);

function productionRequests(since: number): string[] {
  return fixture.harness.requests.slice(since).filter((request) => request.includes('/production'));
}

describe('production-get from the coverage', () => {
  it('fetches only the sub-ranges the coverage lacks, and merges the coverage', async () => {
    const { projectId, well } = imperial;
    const { harness } = fixture;
    const base = { projectId, wellId: well.id, aggregation: 'daily' as const };
    const range = (from: string, to: string) =>
      `GET /api/v1/projects/${projectId}/wells/${well.id}/production?from=${from}&to=${to}&fields=${PRODUCTION_FIELDS.join('%2C')}&aggregation=daily`;

    let mark = harness.requests.length;
    const first = await get({ ...base, from: '2024-01-01', to: '2024-03-31' });
    expect(first).toMatchObject({ source: 'server', stale: false, offline: false });
    expect(productionRequests(mark)).toEqual([range('2024-01-01', '2024-03-31')]);

    mark = harness.requests.length;
    const again = await get({ ...base, from: '2024-01-15', to: '2024-03-01' });
    expect(again).toMatchObject({ source: 'cache', stale: false });
    expect(harness.requests.length).toBe(mark); // not one request

    mark = harness.requests.length;
    await get({ ...base, from: '2024-02-01', to: '2024-05-31' });
    expect(productionRequests(mark)).toEqual([range('2024-04-01', '2024-05-31')]);

    mark = harness.requests.length;
    const wide = await get({ ...base, from: '2023-12-01', to: '2024-06-30' });
    expect(productionRequests(mark)).toEqual([
      range('2023-12-01', '2023-12-31'),
      range('2024-06-01', '2024-06-30'),
    ]);
    expect(rowsOf(wide.data)).toEqual(
      await fixture.serverRows(imperial, {
        from: '2023-12-01',
        to: '2024-06-30',
        aggregation: 'daily',
      }),
    );

    const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
    expect(
      db.prepare('SELECT from_date, to_date FROM coverage WHERE well_id = ?').all(well.id),
    ).toEqual([{ from_date: '2023-12-01', to_date: '2024-06-30' }]);
    db.close();
  });

  it.each(['imperial', 'metric'] as const)(
    'computes monthly values locally exactly as the server does (%s project)',
    async (system) => {
      const target = system === 'imperial' ? imperialMonthly : metricMonthly;
      // A first and a last month cut short, so partial months are compared too.
      const query = { from: '2012-03-17', to: DEMO_TODAY };
      const args = { projectId: target.projectId, wellId: target.well.id, ...query };
      const daily = await get({ ...args, aggregation: 'daily' });
      expect(daily.data.unitSystem).toBe(system);
      expect(rowsOf(daily.data)).toEqual(
        await fixture.serverRows(target, { ...query, aggregation: 'daily' }),
      );

      const mark = fixture.harness.requests.length;
      const monthly = await get({ ...args, aggregation: 'monthly' });
      expect(fixture.harness.requests.length).toBe(mark); // computed from the cache
      expect(monthly.data.dates.length).toBeGreaterThan(24);
      expect(rowsOf(monthly.data)).toEqual(
        await fixture.serverRows(target, { ...query, aggregation: 'monthly' }),
      );

      const ratios = await get({ ...args, aggregation: 'monthly', fields: ['watercut', 'gor'] });
      expect(ratios.data.fields).toEqual(['gor', 'watercut']);
      expect(ratios.data.units).toEqual(
        system === 'metric' ? { gor: 'm³/m³', watercut: '%' } : { gor: 'scf/bbl', watercut: '%' },
      );
      expect(rowsOf(ratios.data)).toEqual(
        await fixture.serverRows(target, {
          ...query,
          aggregation: 'monthly',
          fields: ['gor', 'watercut'],
        }),
      );
    },
  );
});
