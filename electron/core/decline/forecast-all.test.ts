import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import type { ForecastAllStatus, WellSortColumn } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { wellOrder } from '../testing/well-order.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from './testing/decline-fixture.js';

/** "Forecast all wells" on a demo project, some of whose wells are on this computer. */

const HELD = 16;

let f: DeclineFixture;
let demoWells: ApiWell[];
let projectId: string;
let rising: ApiWell;
let brief: ApiWell;
let edited: ApiWell;
const progress: ForecastAllStatus[] = [];
const handlers = () => f.harness.core.handlers;

beforeAll(async () => {
  f = await startDeclineFixture([24, 0, 1]);
  projectId = f.imperial.id;
  await handlers()['projects-list']({});
  demoWells = [];
  for await (const well of f.api.iterateWells(projectId)) demoWells.push(well);
  // A well whose rate holds flat, one with three days of history, one the person edited.
  rising = await f.api.createWell(projectId, { name: 'Flat 1' });
  await f.api.upsertProduction(
    projectId,
    rising.id,
    Array.from({ length: 200 }, (_, t) => ({
      date: addDays('2024-01-01', t),
      oil_rate: 80 + (t % 2),
    })),
  );
  brief = await f.api.createWell(projectId, { name: 'Brief 1' });
  await f.api.upsertProduction(projectId, brief.id, [
    { date: '2025-06-01', oil_rate: 100 },
    { date: '2025-06-02', oil_rate: 90 },
    { date: '2025-06-03', oil_rate: 80 },
  ]);
  edited = await f.curveWell(f.imperial, 'Edited 1', KNOWN_CURVE, '2022-01-01', 700);
  await handlers()['wells-list']({ projectId, refresh: 'await' });
  for (const well of [...demoWells.slice(0, HELD), rising, brief, edited]) {
    await handlers()['production-get']({
      projectId,
      wellId: well.id,
      from: '2008-01-01',
      to: '2025-06-30',
      aggregation: 'daily',
    });
  }
  await handlers()['decline-fit-save']({
    projectId,
    wellId: edited.id,
    stream: 'oil',
    frequency: 'daily',
    window: { from: '2022-01-01', to: '2023-11-30' },
    anchorDate: '2022-01-01',
    model: { kind: 'exponential', qi: 700, di: 0.9 },
  });
  f.harness.core.events.on('forecast-all-progress', (status) => progress.push(status));
  // The runs here stand on exactly the days read above: offline, Forecast all fits what is on
  // this computer (online it first brings every well's whole history: forecast-all-online.test.ts).
  f.harness.setOffline(true);
});

afterAll(() => f.close());

async function finished(): Promise<ForecastAllStatus> {
  for (;;) {
    const status = await handlers()['forecast-all-status']({ projectId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('forecast all wells', () => {
  it('fits every well here one at a time, lists the poor and the skipped with why, and keeps answering', async () => {
    progress.length = 0;
    const started = await handlers()['forecast-all-start']({
      projectId,
      stream: 'oil',
      frequency: 'daily',
    });
    const total = demoWells.length + 3;
    expect(started).toMatchObject({ state: 'running', projectId, stream: 'oil', total, done: 0 });
    // Another handler answers while the run goes on (it yields between wells).
    const listed = await handlers()['wells-list']({ projectId });
    const whenListed = progress.length;
    expect(listed.data.wells).toHaveLength(total);
    // Starting again while it runs starts nothing: the running status comes back.
    const again = await handlers()['forecast-all-start']({ projectId, stream: 'gas' });
    expect(again).toMatchObject({ state: 'running', stream: 'oil', startedAt: started.startedAt });

    const final = await finished();
    expect(whenListed).toBeLessThan(total);
    expect(final).toMatchObject({ state: 'done', done: total, total, error: null });
    expect(final.missingProduction).toBe(demoWells.length - HELD);
    const reasonOf = (id: string) => final.skipped.find((s) => s.wellId === id)?.reason;
    expect(reasonOf(rising.id)).toMatch(/^Not declining: /);
    expect(reasonOf(brief.id)).toMatch(/^Too little history: 3 producing points/);
    expect(reasonOf(edited.id)).toBeUndefined();
    expect(final.kept).toEqual([
      expect.objectContaining({ wellId: edited.id, why: 'edited', frequency: 'daily' }),
    ]);
    expect(final.kept[0]!.reason).toMatch(/^Kept the fit you edited by hand/);
    for (const well of demoWells.slice(HELD)) {
      expect(reasonOf(well.id)).toMatch(/^No production on this computer/);
    }
    expect(final.fitted + final.skipped.length + final.kept.length).toBe(total);
    expect(new Set(final.skipped.map((s) => s.wellId)).size).toBe(final.skipped.length);
    for (const poor of final.poor) {
      expect(reasonOf(poor.wellId)).toBeUndefined();
      expect(poor.reason).not.toBe('');
    }

    // Progress moves one well at a time, and ends with the final status.
    const done = progress.map((status) => status.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual(final);

    // What the wells table shows: a fit for each well fitted, the edited one kept.
    const { data } = await handlers()['wells-list']({ projectId });
    const withFit = data.wells.filter((well) => well.decline.oil !== undefined);
    expect(withFit).toHaveLength(final.fitted + 1);
    const kept = (await handlers()['decline-fits-get']({ projectId, wellId: edited.id })).fits;
    expect(kept[0]).toMatchObject({ origin: 'edited', model: { kind: 'exponential', qi: 700 } });
  });

  it('sorts the wells table by EUR and remaining, empty values last both ways', async () => {
    for (const column of [
      'oilEur',
      'oilRemaining',
      'oilB',
      'oilDi',
      'oilFitRmse',
    ] as WellSortColumn[]) {
      for (const direction of ['asc', 'desc'] as const) {
        const { data } = await handlers()['wells-list']({ projectId, sort: { column, direction } });
        expect(
          data.wells.map((w) => w.id),
          `${column} ${direction}`,
        ).toEqual([...data.wells].sort(wellOrder(column, direction)).map((w) => w.id));
        expect(data.wells.at(-1)!.decline.oil, `${column} ${direction}`).toBeUndefined();
        const page = await handlers()['wells-list']({
          projectId,
          sort: { column, direction },
          offset: 2,
          limit: 5,
        });
        expect(page.data.wells.map((w) => w.id)).toEqual(data.wells.slice(2, 7).map((w) => w.id));
      }
    }
    const byEur = (
      await handlers()['wells-list']({ projectId, sort: { column: 'oilEur', direction: 'desc' } })
    ).data.wells;
    const eurs = byEur.flatMap((w) => (w.decline.oil?.eur == null ? [] : [w.decline.oil.eur]));
    expect(eurs.length).toBeGreaterThan(5);
    expect(eurs).toEqual([...eurs].sort((a, b) => b - a));
  });

  it('stops between wells when cancelled, keeping the fits saved so far', async () => {
    progress.length = 0;
    const first = new Promise<void>((resolve) => {
      // The first well fitted (before it, the run may be bringing history here).
      const off = f.harness.core.events.on('forecast-all-progress', (status) => {
        if (status.done === 0) return;
        off();
        resolve();
      });
    });
    await handlers()['forecast-all-start']({ projectId, stream: 'gas', frequency: 'daily' });
    await first;
    const cancelling = await handlers()['forecast-all-cancel']({ projectId });
    expect(cancelling.state).toBe('running');
    const final = await finished();
    expect(final.state).toBe('cancelled');
    expect(final.done).toBeLessThan(final.total);
    expect(final.done).toBeGreaterThan(0);
    const { data } = await handlers()['wells-list']({ projectId });
    expect(data.wells.filter((well) => well.decline.gas !== undefined)).toHaveLength(final.fitted);
    // Another project's status is its own: idle.
    expect(await handlers()['forecast-all-status']({ projectId: f.metric.id })).toMatchObject({
      state: 'idle',
      projectId: f.metric.id,
    });
  });
});
