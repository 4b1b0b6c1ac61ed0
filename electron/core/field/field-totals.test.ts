import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '#shared/api/index.js';
import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import type { FieldProgress } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * field-totals with a real core on a temp folder and the real server: known days are
 * written through the API as another client would, read onto this computer by
 * production-get, and summed; queued edits are made offline through records-save and
 * records-delete, so they stay pending while the totals are read. The sums run offline, so
 * they stand on exactly the days written here (online, field-totals first brings every
 * well's whole history to this computer: see field-totals-online.test.ts).
 */

const RANGE = { from: '2025-01-28', to: '2025-02-03' };
const DAYS = 7;
let demo: DemoServer;
let api: ApiClient;
let harness: CoreHarness;
let project: ApiProject;
let wells: ApiWell[];
/** What each of the first three wells reported, by well then day. */
const written: ProductionRecordInput[][] = [];

/** Hand-made days: well w, day d: oil 100w + d, gas 2 × that, water 10w; day 3 of well 1 shut in. */
function daysOf(w: number): ProductionRecordInput[] {
  return Array.from({ length: DAYS }, (_, d) => {
    const shutIn = w === 1 && d === 3;
    return {
      date: addDays(RANGE.from, d),
      oil_rate: shutIn ? 0 : 100 * (w + 1) + d,
      gas_rate: shutIn ? 0 : 2 * (100 * (w + 1) + d),
      water_rate: shutIn ? 0 : 10 * (w + 1),
      bhp: null,
      thp: null,
      choke_size: null,
      runtime: shutIn ? 0 : 24,
      gor: null,
      watercut: null,
    };
  });
}

const totals = (args: Record<string, unknown> = {}) =>
  harness.core.handlers['field-totals']({
    projectId: project.id,
    aggregation: 'daily',
    ...args,
  } as Parameters<(typeof harness.core.handlers)['field-totals']>[0]);

/** The hand sum of one phase on one date over the wells given (default: the three written). */
function handSum(field: 'oil_rate' | 'gas_rate' | 'water_rate', date: string, of = [0, 1, 2]) {
  return of.reduce((sum, w) => sum + (written[w]!.find((d) => d.date === date)![field] ?? 0), 0);
}

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [4, 1, 1] });
  api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  for await (const p of api.iterateProjects()) if (p.unitSystem === 'imperial') project ??= p;
  wells = [];
  for await (const well of api.iterateWells(project.id)) wells.push(well);
  wells.sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));
  for (const [w, well] of wells.slice(0, 3).entries()) {
    written[w] = daysOf(w);
    await api.upsertProduction(project.id, well.id, written[w]!);
  }
  harness = await startCore(demo);
  await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
  for (const well of wells.slice(0, 3)) {
    await harness.core.handlers['production-get']({
      projectId: project.id,
      wellId: well.id,
      ...RANGE,
      aggregation: 'daily',
    });
  }
  harness.setOffline(true);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await demo?.close();
});

describe('field-totals', () => {
  it('sums every phase per day over the wells with production, and counts producing wells', async () => {
    const result = await totals();
    expect(result.dates).toEqual(Array.from({ length: DAYS }, (_, d) => addDays(RANGE.from, d)));
    for (const [row, date] of result.dates.entries()) {
      expect(result.oil[row]).toBe(handSum('oil_rate', date));
      expect(result.gas[row]).toBe(handSum('gas_rate', date));
      expect(result.water[row]).toBe(handSum('water_rate', date));
    }
    // Day 3: well 1 shut in.
    expect(result.producingWells).toEqual([3, 3, 3, 2, 3, 3, 3]);
    expect(result.units).toMatchObject({ oil: 'bbl/d', gas: 'Mscf/d', oilVolume: 'bbl' });
    const allOil = result.dates.reduce((sum, date) => sum + handSum('oil_rate', date), 0);
    expect(result.cumulativeOil.at(-1)).toBe(allOil);
  });

  it('says which wells had no production on this computer, and which are not whole', async () => {
    const result = await totals();
    expect(result.wellCount).toBe(4);
    expect(result.wellsWithProduction).toBe(3);
    expect(result.wellsWithoutProduction).toEqual([{ id: wells[3]!.id, name: wells[3]!.name }]);
    // Offline with a week of each: the three are summed on what is here, and named.
    expect(result.wellsNotWhole.map((well) => well.id).sort()).toEqual(
      wells
        .slice(0, 3)
        .map((well) => well.id)
        .sort(),
    );
    expect(result.wellsWithPendingEdits).toBe(0);
  });

  it('sums only the wells asked for', async () => {
    const result = await totals({ wellIds: [wells[0]!.id, wells[2]!.id] });
    expect(result.wellCount).toBe(2);
    expect(result.oil[0]).toBe(handSum('oil_rate', RANGE.from, [0, 2]));
    expect(result.producingWells[0]).toBe(2);
  });

  it('gives monthly rates per calendar day and the wells producing in each month', async () => {
    const result = await totals({ aggregation: 'monthly' });
    expect(result.dates).toEqual(['2025-01-01', '2025-02-01']);
    // January: 2025-01-28..31 (4 calendar days in the data); February: 01..03 (3 days).
    const january = ['2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31'];
    const janOil = january.reduce((sum, date) => sum + handSum('oil_rate', date), 0);
    expect(result.oil[0]).toBeCloseTo(janOil / 4, 9);
    expect(result.producingWells).toEqual([3, 3]);
    expect(result.cumulativeOil[0]).toBe(janOil);
  });

  it('includes queued edits as the well page shows them, and leaves out queued deletions', async () => {
    harness.setOffline(true);
    try {
      const edited = { ...written[0]![2]!, oil_rate: 5000 };
      await harness.core.handlers['records-save']({
        projectId: project.id,
        wellId: wells[0]!.id,
        records: [edited],
      });
      await harness.core.handlers['records-delete']({
        projectId: project.id,
        wellId: wells[2]!.id,
        from: written[2]![4]!.date,
        to: written[2]![4]!.date,
      });
      const result = await totals();
      expect(result.wellsWithPendingEdits).toBe(2);
      const editedRow = result.dates.indexOf(edited.date);
      expect(result.oil[editedRow]).toBe(
        5000 + handSum('oil_rate', edited.date, [1]) + handSum('oil_rate', edited.date, [2]),
      );
      const deletedRow = result.dates.indexOf(written[2]![4]!.date);
      expect(result.oil[deletedRow]).toBe(handSum('oil_rate', written[2]![4]!.date, [0, 1]));
      expect(result.producingWells[deletedRow]).toBe(2);
    } finally {
      harness.setOffline(true);
    }
  });

  it('reports progress and gives way to other handlers while it sums', async () => {
    const progress: FieldProgress[] = [];
    const listen = (event: FieldProgress) => progress.push(event);
    harness.core.events.on('field-progress', listen);
    let finished = false;
    const running = totals().then((result) => {
      finished = true;
      return result;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const well = await harness.core.handlers['wells-get']({
      projectId: project.id,
      wellId: wells[0]!.id,
    });
    expect(well.data.well.name).toBe(wells[0]!.name);
    expect(finished).toBe(false);
    await running;
    harness.core.events.off('field-progress', listen);
    expect(progress[0]).toMatchObject({ projectId: project.id, wellsDone: 0, wellsTotal: 4 });
    expect(progress.at(-1)).toMatchObject({ wellsDone: 4, wellsTotal: 4 });
  });

  it('filters by type and status as the wells table does', async () => {
    const first = wells[0]!;
    const sameType = wells.slice(0, 3).filter((well) => well.type === first.type);
    const byType = await totals({ type: first.type });
    expect(byType.wellsWithProduction).toBe(sameType.length);
    expect(byType.oil[0]).toBe(
      handSum(
        'oil_rate',
        RANGE.from,
        sameType.map((well) => wells.indexOf(well)),
      ),
    );
    const sameStatus = wells.filter((well) => well.status === first.status);
    expect((await totals({ status: first.status })).wellCount).toBe(sameStatus.length);
  });

  it('answers in a metric project’s units', async () => {
    let metric: ApiProject | undefined;
    for await (const p of api.iterateProjects()) if (p.unitSystem === 'metric') metric ??= p;
    let well: ApiWell | undefined;
    for await (const w of api.iterateWells(metric!.id)) well ??= w;
    await api.upsertProduction(metric!.id, well!.id, [
      { ...daysOf(0)[0]!, oil_rate: 12.5, gas_rate: 3.25, water_rate: 1 },
    ]);
    harness.setOffline(false);
    await harness.core.handlers['wells-list']({ projectId: metric!.id, refresh: 'await' });
    await harness.core.handlers['production-get']({
      projectId: metric!.id,
      wellId: well!.id,
      from: RANGE.from,
      to: RANGE.from,
      aggregation: 'daily',
    });
    harness.setOffline(true);
    const result = await harness.core.handlers['field-totals']({
      projectId: metric!.id,
      aggregation: 'daily',
    });
    expect(result.units).toMatchObject({ oil: 'm³/d', gas: '10³m³/d', oilVolume: 'm³' });
    expect(result.oil).toEqual([12.5]);
    expect(result.gas).toEqual([3.25]);
    expect(result.cumulativeWater).toEqual([1]);
  });

  it('refuses a project this computer does not hold', async () => {
    await expect(
      harness.core.handlers['field-totals']({ projectId: 'nope', aggregation: 'daily' }),
    ).rejects.toMatchObject({ type: 'not-found', message: expect.stringMatching(/^Project nope/) });
  });
});
