import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import type {
  DeclineStream,
  ForecastAllStartArgs,
  ForecastAllStatus,
  SavedDeclineFit,
} from '#shared/desktop/index.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from './testing/decline-fixture.js';

/**
 * A hand-tuned fit is work: "Forecast all wells" keeps fits edited by hand or saved on
 * another basis unless told to replace them, and every saved fit stays in the stream's
 * history, from which any one can be restored, across restarts.
 */

let f: DeclineFixture;
let projectId: string;
/** Edited by hand on daily rates. */
let tuned: ApiWell;
/** Fitted on daily rates from its well page. */
let daily: ApiWell;
/** Fitted on monthly rates over a window the person chose. */
let windowed: ApiWell;
/** Fitted on monthly rates over the default window: the run's own basis. */
let plain: ApiWell;
const handlers = () => f.harness.core.handlers;

const TUNED_MODEL = { kind: 'hyperbolic', qi: 812.5, di: 1.0375, b: 0.83 } as const;

beforeAll(async () => {
  f = await startDeclineFixture([0, 0, 0]);
  projectId = f.imperial.id;
  await handlers()['projects-list']({});
  tuned = await f.curveWell(f.imperial, 'Tuned 1', KNOWN_CURVE, '2022-01-01', 700);
  daily = await f.curveWell(f.imperial, 'Daily 1', KNOWN_CURVE, '2022-01-01', 700);
  windowed = await f.curveWell(f.imperial, 'Windowed 1', KNOWN_CURVE, '2022-01-01', 700);
  plain = await f.curveWell(f.imperial, 'Plain 1', KNOWN_CURVE, '2022-01-01', 700);
  for (const well of [tuned, daily, windowed, plain]) {
    await handlers()['production-get']({
      projectId,
      wellId: well.id,
      from: '2022-01-01',
      to: '2023-12-31',
      aggregation: 'daily',
    });
  }
  await handlers()['decline-fit-run']({
    projectId,
    wellId: tuned.id,
    stream: 'oil',
    frequency: 'daily',
  });
  // The person's type-curve work: parameters typed over the fitted ones.
  await handlers()['decline-fit-save']({
    projectId,
    wellId: tuned.id,
    stream: 'oil',
    frequency: 'daily',
    window: { from: '2022-01-01', to: '2023-11-30' },
    anchorDate: '2022-01-01',
    model: TUNED_MODEL,
  });
  await handlers()['decline-fit-run']({
    projectId,
    wellId: daily.id,
    stream: 'oil',
    frequency: 'daily',
  });
  await handlers()['decline-fit-run']({
    projectId,
    wellId: windowed.id,
    stream: 'oil',
    frequency: 'monthly',
    window: { from: '2022-03-01', to: '2023-06-30' },
  });
  await handlers()['decline-fit-run']({
    projectId,
    wellId: plain.id,
    stream: 'oil',
    frequency: 'monthly',
  });
});

afterAll(() => f.close());

async function forecastAll(
  args: Omit<ForecastAllStartArgs, 'projectId' | 'stream'>,
): Promise<ForecastAllStatus> {
  await handlers()['forecast-all-start']({ projectId, stream: 'oil', ...args });
  for (;;) {
    const status = await handlers()['forecast-all-status']({ projectId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function oilFit(well: ApiWell): Promise<SavedDeclineFit> {
  const { fits } = await handlers()['decline-fits-get']({ projectId, wellId: well.id });
  return fits.find((fit) => fit.stream === 'oil')!;
}

const history = async (well: ApiWell, stream: DeclineStream = 'oil') =>
  (await handlers()['decline-fit-history']({ projectId, wellId: well.id, stream })).entries;

describe('fits edited by hand or saved on another basis', () => {
  it('are kept by Forecast all wells and listed with why; the others are replaced', async () => {
    const before = {
      tuned: await oilFit(tuned),
      daily: await oilFit(daily),
      windowed: await oilFit(windowed),
    };
    expect(before.windowed.windowChosen).toBe(true);
    expect(before.daily.windowChosen).toBe(false);
    expect(before.tuned.windowChosen).toBe(true);
    const final = await forecastAll({ frequency: 'monthly' });
    expect(final.state).toBe('done');
    const keptOf = (well: ApiWell) => final.kept.find((kept) => kept.wellId === well.id);
    expect(keptOf(tuned)).toMatchObject({ why: 'edited', frequency: 'daily', wellName: 'Tuned 1' });
    expect(keptOf(tuned)!.reason).toMatch(/^Kept the fit you edited by hand/);
    expect(keptOf(daily)).toMatchObject({ why: 'frequency', frequency: 'daily' });
    expect(keptOf(daily)!.reason).toMatch(/^Kept the fit saved on daily rates/);
    expect(keptOf(windowed)).toMatchObject({ why: 'window', frequency: 'monthly' });
    expect(keptOf(plain)).toBeUndefined();
    expect(final.kept).toHaveLength(3);
    expect(final.fitted).toBe(1);

    // The kept fits are exactly as they were.
    expect(await oilFit(tuned)).toEqual(before.tuned);
    expect((await oilFit(tuned)).model).toEqual(TUNED_MODEL);
    expect(await oilFit(daily)).toEqual(before.daily);
    expect(await oilFit(windowed)).toEqual(before.windowed);
    // The plain one is the run's, and its single-well fit is still in its history.
    const plainHistory = await history(plain);
    expect(plainHistory.map((entry) => entry.source)).toEqual(['forecast-all', 'single-well-fit']);
    expect(plainHistory[0]).toMatchObject({ current: true, frequency: 'monthly' });
    expect(plainHistory[1]).toMatchObject({ current: false, windowChosen: false });
  });

  it('are replaced when the person asks, and the replaced fit restores exactly', async () => {
    const final = await forecastAll({ frequency: 'monthly', replaceKept: true });
    expect(final.state).toBe('done');
    expect(final.kept).toEqual([]);
    expect(final.fitted).toBe(4);
    const replaced = await oilFit(tuned);
    expect(replaced).toMatchObject({ origin: 'fitted', frequency: 'monthly' });
    expect(replaced.model).not.toEqual(TUNED_MODEL);

    const entries = await history(tuned);
    expect(entries.map((entry) => entry.source)).toEqual([
      'forecast-all',
      'manual-edit',
      'single-well-fit',
    ]);
    const edit = entries[1]!;
    expect(edit).toMatchObject({
      origin: 'edited',
      frequency: 'daily',
      window: { from: '2022-01-01', to: '2023-11-30' },
      windowChosen: true,
      model: TUNED_MODEL,
      current: false,
    });

    const restored = await handlers()['decline-fit-restore']({
      projectId,
      wellId: tuned.id,
      stream: 'oil',
      entryId: edit.id,
    });
    expect(restored.model).toEqual(TUNED_MODEL);
    expect(restored).toMatchObject({
      origin: 'edited',
      frequency: 'daily',
      window: edit.window,
      anchorDate: '2022-01-01',
      stale: false,
    });
    const current = await oilFit(tuned);
    expect(current.model).toEqual(TUNED_MODEL);
    expect(current.goodness).toEqual(edit.goodness);

    // The restore is itself in the history, naming what it brought back.
    const after = await history(tuned);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      source: 'restore',
      restoredFrom: edit.id,
      current: true,
      model: TUNED_MODEL,
    });
    expect(after.slice(1).map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));

    // Restored, it is work again: the next run keeps it.
    const next = await forecastAll({ frequency: 'monthly' });
    expect(next.kept.map((kept) => kept.wellId)).toEqual([tuned.id]);
    expect((await oilFit(tuned)).model).toEqual(TUNED_MODEL);
  });

  it('refuses an entry of another well or stream', async () => {
    const entry = (await history(plain))[0]!;
    await expect(
      handlers()['decline-fit-restore']({
        projectId,
        wellId: tuned.id,
        stream: 'oil',
        entryId: entry.id,
      }),
    ).rejects.toMatchObject({ type: 'not-found' });
    await expect(
      handlers()['decline-fit-restore']({
        projectId,
        wellId: plain.id,
        stream: 'gas',
        entryId: entry.id,
      }),
    ).rejects.toMatchObject({ type: 'not-found' });
  });

  it('marks a restored fit stale when the production changed after it was saved', async () => {
    const [latest, earlier] = await history(windowed);
    expect(latest!.current).toBe(true);
    await handlers()['records-save']({
      projectId,
      wellId: windowed.id,
      records: [{ date: '2022-05-01', oil_rate: 1 }],
    });
    expect((await oilFit(windowed)).stale).toBe(true);
    // Refitted on the changed production, then the earlier fit brought back: stale, as it was.
    const refit = await handlers()['decline-fit-run']({
      projectId,
      wellId: windowed.id,
      stream: 'oil',
      frequency: 'monthly',
    });
    expect(refit.stale).toBe(false);
    const restored = await handlers()['decline-fit-restore']({
      projectId,
      wellId: windowed.id,
      stream: 'oil',
      entryId: earlier!.id,
    });
    expect(restored).toMatchObject({ model: earlier!.model, stale: true });
    expect(await oilFit(windowed)).toMatchObject({ model: earlier!.model, stale: true });
  });

  it('keeps the history after a deleted fit and across a restart', async () => {
    const entries = await history(tuned);
    await handlers()['decline-fit-delete']({ projectId, wellId: tuned.id, stream: 'oil' });
    const afterDelete = await history(tuned);
    expect(afterDelete.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    expect(afterDelete.every((entry) => !entry.current)).toBe(true);

    await f.harness.reopen();
    const reopened = await history(tuned);
    expect(reopened).toEqual(afterDelete);
    const edit = reopened.find((entry) => entry.source === 'manual-edit')!;
    await handlers()['decline-fit-restore']({
      projectId,
      wellId: tuned.id,
      stream: 'oil',
      entryId: edit.id,
    });
    expect((await oilFit(tuned)).model).toEqual(TUNED_MODEL);
    // Another well's history is its own: its fit from the well page, then two runs.
    expect((await history(daily)).map((entry) => entry.source)).toEqual([
      'forecast-all',
      'forecast-all',
      'single-well-fit',
    ]);
  });
});
