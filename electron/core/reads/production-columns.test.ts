import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import {
  columnsToView,
  decodePackedBody,
  encodePackedBody,
  HISTORY_START,
  type ProductionGetArgs,
} from '#shared/desktop/index.js';
import { volumesOf } from '#shared/production/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import {
  startProductionFixture,
  type ProductionFixture,
  type WellTarget,
} from '../testing/production-fixture.js';

/**
 * production-columns is production-get as typed columns: the same rows, values, nulls,
 * states, deletions and missing days, in both unit systems, daily and monthly, with
 * queued edits and deletions, online and offline. production-volumes-before gives the
 * totals the renderer used to add up from production-get's history.
 */

let fixture: ProductionFixture;
let imperial: WellTarget;
let metric: WellTarget;
let edited: WellTarget;

const handlers = () => fixture.harness.core.handlers;

beforeAll(async () => {
  // A sync attempt marks queued edits "syncing" while it runs: after the one an offline edit
  // starts has failed, no retry may come during a comparison of two reads.
  fixture = await startProductionFixture({ sync: { baseDelayMs: 600_000, maxDelayMs: 600_000 } });
  [imperial, edited] = (await fixture.wells('imperial', 2)) as [WellTarget, WellTarget];
  [metric] = (await fixture.wells('metric', 1)) as [WellTarget];
});

afterAll(() => fixture.close());

async function expectSameAnswer(args: ProductionGetArgs): Promise<void> {
  const columns = await handlers()['production-columns'](args);
  const view = await handlers()['production-get'](args);
  // production-get ran second: its fetches are done, so both read the same cache.
  const again = await handlers()['production-columns'](args);
  expect(columnsToView(again.data)).toEqual(view.data);
  expect(columns.data.days.length).toBe(view.data.dates.length);
  // Through the browser host's body too: the same bytes back.
  const decoded = decodePackedBody(encodePackedBody(again).slice().buffer) as typeof again;
  expect(columnsToView(decoded.data)).toEqual(view.data);
  expect({ ...decoded, data: null }).toEqual({ ...again, data: null });
}

/** The sync the offline edits started has found no server, and nothing is being sent. */
async function offlineSyncSettled(): Promise<void> {
  await expect
    .poll(async () => {
      const status = await handlers()['sync-status']({});
      return `${status.phase} ${status.syncing}`;
    })
    .toBe('offline 0');
}

describe('production-columns', () => {
  it('answers what production-get answers, daily and monthly, in both unit systems', async () => {
    for (const target of [imperial, metric]) {
      const base = { projectId: target.projectId, wellId: target.well.id };
      await expectSameAnswer({
        ...base,
        from: '2015-01-01',
        to: '2026-12-31',
        aggregation: 'daily',
      });
      await expectSameAnswer({
        ...base,
        from: '2020-03-15',
        to: '2021-02-10',
        aggregation: 'monthly',
      });
      await expectSameAnswer({
        ...base,
        from: '2019-12-30',
        to: '2020-01-02',
        aggregation: 'daily',
        fields: ['gas_rate', 'watercut'],
      });
    }
  });

  it('carries queued edits, deletions and their states, and answers offline with the gaps', async () => {
    const base = { projectId: edited.projectId, wellId: edited.well.id };
    const range = { from: '2022-01-01', to: '2024-12-31' };
    const before = await handlers()['production-get']({ ...base, ...range, aggregation: 'daily' });
    const day = before.data.dates[10]!;
    fixture.harness.setOffline(true);
    try {
      await handlers()['records-save']({
        ...base,
        records: [{ date: day, oil_rate: 1234.5, gas_rate: null, watercut: 12 }],
      });
      await handlers()['records-delete']({
        ...base,
        from: before.data.dates[20]!,
        to: before.data.dates[25]!,
      });
      await offlineSyncSettled();
      await expectSameAnswer({ ...base, ...range, aggregation: 'daily' });
      await expectSameAnswer({ ...base, ...range, aggregation: 'monthly' });
      const columns = await handlers()['production-columns']({
        ...base,
        ...range,
        aggregation: 'daily',
      });
      expect(columns.data.states.some((state) => state !== 0)).toBe(true);
      expect(columns.data.deletions).toHaveLength(1);
      // Partly cached: the cached days, with what is missing.
      const partly = {
        ...base,
        from: '2021-06-01',
        to: '2022-03-01',
        aggregation: 'daily' as const,
      };
      await expectSameAnswer(partly);
      expect((await handlers()['production-columns'](partly)).data.missing).toEqual([
        { from: '2021-06-01', to: '2021-12-31' },
      ]);
      const never = await coreErrorOf(
        handlers()['production-columns']({
          ...base,
          from: '2001-01-01',
          to: '2001-12-31',
          aggregation: 'daily',
        }),
      );
      expect(never.toJSON()).toMatchObject({ type: 'offline' });
    } finally {
      fixture.harness.setOffline(false);
    }
  });
});

describe('production-volumes-before', () => {
  it('sums the history as the renderer summed production-get’s, edits included', async () => {
    for (const target of [imperial, metric, edited]) {
      const base = { projectId: target.projectId, wellId: target.well.id };
      for (const before of ['2018-07-01', '2023-01-01']) {
        const volumes = await handlers()['production-volumes-before']({ ...base, before });
        const history = await handlers()['production-get']({
          ...base,
          from: HISTORY_START,
          to: addDays(before, -1),
          aggregation: 'daily',
          fields: ['oil_rate', 'gas_rate', 'water_rate'],
        });
        expect(volumes.data.volumes).toEqual(volumesOf(history.data));
        expect(volumes.data.missing).toEqual([]);
        expect(volumes.data.unitSystem).toBe(history.data.unitSystem);
      }
    }
    const start = await handlers()['production-volumes-before']({
      projectId: imperial.projectId,
      wellId: imperial.well.id,
      before: HISTORY_START,
    });
    expect(start.data.volumes).toEqual({ oil_rate: 0, gas_rate: 0, water_rate: 0 });
  });

  it('is null offline when part of the history is not here, and an offline error with none', async () => {
    const [other, never] = (await fixture.wells('metric', 3)).slice(1) as [WellTarget, WellTarget];
    await handlers()['production-get']({
      projectId: other.projectId,
      wellId: other.well.id,
      from: '2024-01-01',
      to: '2024-03-31',
      aggregation: 'daily',
    });
    fixture.harness.setOffline(true);
    try {
      const partly = await handlers()['production-volumes-before']({
        projectId: other.projectId,
        wellId: other.well.id,
        before: '2024-04-01',
      });
      expect(partly).toMatchObject({ offline: true, data: { volumes: null } });
      expect(partly.data.missing).toEqual([{ from: HISTORY_START, to: '2023-12-31' }]);
      const none = await coreErrorOf(
        handlers()['production-volumes-before']({
          projectId: never.projectId,
          wellId: never.well.id,
          before: '2024-04-01',
        }),
      );
      expect(none.toJSON()).toMatchObject({ type: 'offline' });
    } finally {
      fixture.harness.setOffline(false);
    }
  });
});
