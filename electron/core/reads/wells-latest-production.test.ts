import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProject, ApiWell } from '#shared/client/index.js';
import type { WellSortColumn, WellView } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import {
  startDownloadFixture,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';
import { wellOrder } from '../testing/well-order.js';

/**
 * WellView.lastProduction against the real server: the latest cached day with
 * an oil, gas or water rate above zero, with the very values production-get
 * gives for that day, in imperial and metric projects; and the four columns
 * it adds to wells-list's sort.
 */

const RANGE = { from: '2024-07-01', to: '2025-06-30' };
const LATEST_COLUMNS: WellSortColumn[] = [
  'lastProductionDate',
  'latestOilRate',
  'latestGasRate',
  'latestWaterRate',
];

let fixture: DownloadFixture;
let imperial: ApiProject;
let untouched: ApiProject;
let metric: ApiProject;
/** Imperial wells whose production was read (cached); the others never were. */
let cachedImperial: ApiWell[];
let uncachedImperial: ApiWell[];

beforeAll(async () => {
  fixture = await startDownloadFixture({ wellCounts: [12, 3, 8] });
  [imperial, untouched, metric] = fixture.projects as [ApiProject, ApiProject, ApiProject];
  const wells = await fixture.wellsOf(imperial.id);
  cachedImperial = wells.slice(0, 8);
  uncachedImperial = wells.slice(8);
  for (const well of cachedImperial) await daily(imperial.id, well.id);
  for (const well of await fixture.wellsOf(metric.id)) await daily(metric.id, well.id);
});

afterAll(() => fixture.close());

const handlers = () => fixture.harness.core.handlers;

function daily(projectId: string, wellId: string, refresh?: 'await') {
  return handlers()['production-get']({
    projectId,
    wellId,
    ...RANGE,
    aggregation: 'daily',
    fields: ['oil_rate', 'gas_rate', 'water_rate'],
    ...(refresh ? { refresh } : {}),
  });
}

/** What production-get says: its latest day with a rate above zero, and that day's rates. */
async function expectedLatest(projectId: string, wellId: string) {
  const { data } = await daily(projectId, wellId);
  const { oil_rate: oil, gas_rate: gas, water_rate: water } = data.values;
  for (let i = data.dates.length - 1; i >= 0; i--) {
    if ((oil![i] ?? 0) > 0 || (gas![i] ?? 0) > 0 || (water![i] ?? 0) > 0) {
      return { date: data.dates[i]!, oilRate: oil![i]!, gasRate: gas![i]!, waterRate: water![i]! };
    }
  }
  return null;
}

async function listed(projectId: string): Promise<WellView[]> {
  return (await handlers()['wells-list']({ projectId })).data.wells;
}

describe('WellView.lastProduction', () => {
  it('equals production-get’s values for that day, in imperial and metric projects', async () => {
    for (const [project, wells] of [
      [imperial, cachedImperial],
      [metric, await fixture.wellsOf(metric.id)],
    ] as const) {
      const views = new Map((await listed(project.id)).map((well) => [well.id, well]));
      let producing = 0;
      for (const well of wells) {
        const expected = await expectedLatest(project.id, well.id);
        if (expected) producing++;
        expect(views.get(well.id)!.lastProduction, `${project.unitSystem} ${well.name}`).toEqual(
          expected,
        );
        const one = await handlers()['wells-get']({ projectId: project.id, wellId: well.id });
        expect(one.data.well.lastProduction).toEqual(expected);
      }
      expect(producing).toBeGreaterThan(wells.length / 2);
    }
    // Converted: a metric oil rate is in m³/d, not the cached bbl/d.
    const metricWell = (await listed(metric.id)).find((well) => well.lastProduction?.oilRate);
    const server = await fixture.api.getProduction(metric.id, metricWell!.id, {
      from: metricWell!.lastProduction!.date,
      to: metricWell!.lastProduction!.date,
    });
    expect(server.data[0]).toMatchObject({
      oil_rate: metricWell!.lastProduction!.oilRate,
      gas_rate: metricWell!.lastProduction!.gasRate,
      water_rate: metricWell!.lastProduction!.waterRate,
    });
  });

  it('skips shut-in days at the end, and follows later writes and deletions', async () => {
    const well = cachedImperial.find((w) => w.type === 'producer')!;
    const shutInFrom = addDays(RANGE.to, -6);
    const zeros = Array.from({ length: 7 }, (_, i) => ({
      date: addDays(shutInFrom, i),
      oil_rate: 0,
      gas_rate: 0,
      water_rate: 0,
      runtime: 0,
    }));
    await fixture.api.upsertProduction(imperial.id, well.id, zeros);
    await daily(imperial.id, well.id, 'await');
    const shutIn = (await listed(imperial.id)).find((w) => w.id === well.id)!;
    expect(shutIn.lastProduction?.date).toBe(addDays(shutInFrom, -1));
    expect(shutIn.lastProduction).toEqual(await expectedLatest(imperial.id, well.id));

    // It produces again on the last day: the latest moves there.
    await fixture.api.upsertProduction(imperial.id, well.id, [
      { date: RANGE.to, oil_rate: 0, gas_rate: 42.5, water_rate: null, runtime: 3 },
    ]);
    await daily(imperial.id, well.id, 'await');
    const again = await handlers()['wells-get']({ projectId: imperial.id, wellId: well.id });
    expect(again.data.well.lastProduction).toEqual({
      date: RANGE.to,
      oilRate: 0,
      gasRate: 42.5,
      waterRate: null,
    });

    // The server's rows of the last month are deleted: the latest goes back before them.
    const monthAgo = addDays(RANGE.to, -30);
    await fixture.api.deleteProduction(imperial.id, well.id, { from: monthAgo, to: RANGE.to });
    await daily(imperial.id, well.id, 'await');
    const deleted = await handlers()['wells-get']({ projectId: imperial.id, wellId: well.id });
    expect(deleted.data.well.lastProduction!.date < monthAgo).toBe(true);
    expect(deleted.data.well.lastProduction).toEqual(await expectedLatest(imperial.id, well.id));
  });

  it('is null for a well with no cached production', async () => {
    const views = new Map((await listed(imperial.id)).map((well) => [well.id, well]));
    for (const well of uncachedImperial) {
      expect(views.get(well.id)).toMatchObject({ lastProduction: null, availableOffline: null });
    }
    const others = await listed(untouched.id);
    expect(others.length).toBe(3);
    expect(others.every((well) => well.lastProduction === null)).toBe(true);
  });
});

describe('wells-list sorted by the latest production', () => {
  it('sorts on each new column both ways, empty values last, in windows', async () => {
    for (const project of [imperial, metric]) {
      const wells = await listed(project.id);
      for (const column of LATEST_COLUMNS) {
        // Both kinds of rows are present, so "empty last" and the ties are really tested.
        const value = (well: WellView) =>
          column === 'lastProductionDate'
            ? well.lastProduction?.date
            : well.lastProduction?.[
                column === 'latestOilRate'
                  ? 'oilRate'
                  : column === 'latestGasRate'
                    ? 'gasRate'
                    : 'waterRate'
              ];
        if (project === imperial) {
          expect(
            wells.some((well) => value(well) == null),
            column,
          ).toBe(true);
          expect(
            wells.some((well) => value(well) != null),
            column,
          ).toBe(true);
        }
        for (const direction of ['asc', 'desc'] as const) {
          const expected = [...wells].sort(wellOrder(column, direction)).map((well) => well.id);
          const sorted = await handlers()['wells-list']({
            projectId: project.id,
            sort: { column, direction },
          });
          expect(
            sorted.data.wells.map((well) => well.id),
            `${project.unitSystem} ${column} ${direction}`,
          ).toEqual(expected);
          const empty = sorted.data.wells.findIndex((well) => value(well) == null);
          if (empty >= 0) {
            expect(sorted.data.wells.slice(empty).every((well) => value(well) == null)).toBe(true);
          }
          const window = await handlers()['wells-list']({
            projectId: project.id,
            sort: { column, direction },
            offset: 3,
            limit: 4,
          });
          expect(window.data.wells.map((well) => well.id)).toEqual(expected.slice(3, 7));
        }
      }
    }
  });
});

describe('with queued well changes (the overlay)', () => {
  it('keeps each well’s latest production and offline range, and sorts on them', async () => {
    const before = new Map((await listed(imperial.id)).map((well) => [well.id, well]));
    const renamed = cachedImperial.find((well) => before.get(well.id)!.lastProduction)!;
    // Offline, so the change stays queued and wells-list merges it in SQL.
    fixture.harness.setOffline(true);
    try {
      const { well } = await handlers()['well-update']({
        projectId: imperial.id,
        wellId: renamed.id,
        patch: { name: 'Aaa First 1H' },
      });
      expect(well).toMatchObject({
        syncState: 'pending',
        lastProduction: before.get(renamed.id)!.lastProduction,
        availableOffline: before.get(renamed.id)!.availableOffline,
      });
      const sorted = await handlers()['wells-list']({
        projectId: imperial.id,
        sort: { column: 'latestOilRate', direction: 'desc' },
      });
      for (const view of sorted.data.wells) {
        expect(view.lastProduction).toEqual(before.get(view.id)!.lastProduction);
        expect(view.availableOffline).toEqual(before.get(view.id)!.availableOffline);
      }
      expect(sorted.data.wells.map((w) => w.id)).toEqual(
        [...sorted.data.wells].sort(wellOrder('latestOilRate', 'desc')).map((w) => w.id),
      );
      expect(sorted.data.wells.find((w) => w.id === renamed.id)!.name).toBe('Aaa First 1H');
    } finally {
      fixture.harness.setOffline(false);
    }
  });
});
