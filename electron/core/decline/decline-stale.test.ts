import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import { rateAt } from '#shared/decline/index.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from './testing/decline-fixture.js';

/**
 * A saved fit turns stale when the well's production on this computer changes,
 * by every path that changes it, and only then; fits survive a restart and
 * work offline.
 */

const FIRST = '2021-01-01';
const DAYS = 3 * 365;

let f: DeclineFixture;
let well: ApiWell;
const handlers = () => f.harness.core.handlers;
const target = () => ({ projectId: f.imperial.id, wellId: well.id });

async function refit(): Promise<void> {
  const fit = await handlers()['decline-fit-run']({
    ...target(),
    stream: 'oil',
    frequency: 'daily',
  });
  expect(fit.stale).toBe(false);
}

async function stale(): Promise<boolean> {
  const { fits } = await handlers()['decline-fits-get'](target());
  const listed = await handlers()['wells-list']({ projectId: f.imperial.id });
  const row = listed.data.wells.find((candidate) => candidate.id === well.id)!;
  expect(row.decline.oil!.stale).toBe(fits[0]!.stale);
  return fits[0]!.stale;
}

beforeAll(async () => {
  f = await startDeclineFixture();
  await handlers()['projects-list']({});
  well = await f.curveWell(f.imperial, 'Stale paths 1H', KNOWN_CURVE, FIRST, DAYS);
  await refit();
});

afterAll(() => f.close());

describe('a saved fit is stale once the production on this computer changed', () => {
  it('after records-save, and not after that edit reaches the server', async () => {
    expect(await stale()).toBe(false);
    await handlers()['records-save']({
      ...target(),
      records: [{ date: '2022-05-01', oil_rate: 1 }],
    });
    expect(await stale()).toBe(true);
    await refit();
    expect(await stale()).toBe(false);
    await handlers()['sync-now']({});
    expect((await handlers()['outbox-list']({})).operations).toEqual([]);
    // The cache now holds the server's copy of the edit: the same data, so still current.
    expect(await stale()).toBe(false);
  });

  it('after records-delete', async () => {
    await handlers()['records-delete']({ ...target(), from: '2023-12-01', to: '2023-12-31' });
    expect(await stale()).toBe(true);
    await refit();
    const { fits } = await handlers()['decline-fits-get'](target());
    // The forecast starts after the new last producing day.
    expect(fits[0]!.forecast!.startDate).toBe('2023-12-01');
    await handlers()['sync-now']({});
    expect(await stale()).toBe(false);
  });

  it('after an import', async () => {
    const text = 'Date,Oil (bbl/d)\n2022-07-01,5\n2022-07-02,6\n';
    const preview = await handlers()['import-preview']({
      ...target(),
      source: { kind: 'text', name: 'fix.csv', text },
    });
    await handlers()['import-commit']({ importId: preview.importId });
    expect(await stale()).toBe(true);
    await refit();
    await handlers()['sync-now']({});
    expect(await stale()).toBe(false);
  });

  it('after a queued edit is discarded (the data goes back to what the server has)', async () => {
    const { outboxSeq } = await handlers()['records-save']({
      ...target(),
      records: [{ date: '2022-08-01', oil_rate: 3 }],
    });
    await refit();
    await handlers()['outbox-discard']({ seqs: [outboxSeq] });
    expect(await stale()).toBe(true);
    await refit();
  });

  it('after a refresh brings different server rows, and not after one that brings the same', async () => {
    const range = { from: '2022-01-01', to: '2022-12-31' };
    const read = () =>
      handlers()['production-get']({
        ...target(),
        ...range,
        aggregation: 'daily',
        refresh: 'await',
      });
    await read();
    expect(await stale()).toBe(false);
    await f.api.upsertProduction(f.imperial.id, well.id, [{ date: '2022-03-03', oil_rate: 2 }]);
    await read();
    expect(await stale()).toBe(true);
    await refit();
  });

  it('keeps its fits across a restart, and answers and fits offline', async () => {
    const before = (await handlers()['decline-fits-get'](target())).fits;
    await f.harness.reopen();
    f.harness.setOffline(true);
    try {
      expect((await handlers()['decline-fits-get'](target())).fits).toEqual(before);
      const listed = await handlers()['wells-list']({ projectId: f.imperial.id });
      const row = listed.data.wells.find((candidate) => candidate.id === well.id)!;
      expect(row.decline.oil).toMatchObject({ eur: before[0]!.forecast!.eur, stale: false });
      const again = await handlers()['decline-fit-run']({
        ...target(),
        stream: 'gas',
        frequency: 'monthly',
      });
      expect(again).toMatchObject({ stream: 'gas', stale: false });
      expect(again.reasons).toEqual([]);
    } finally {
      f.harness.setOffline(false);
    }
  });

  it('says when the cumulative cannot count from first production, and counts it once connected', async () => {
    const partial = await f.curveWell(f.imperial, 'Partly here 1H', KNOWN_CURVE, FIRST, DAYS);
    const args = { projectId: f.imperial.id, wellId: partial.id };
    await handlers()['production-get']({
      ...args,
      from: '2023-01-01',
      to: '2023-12-31',
      aggregation: 'daily',
    });
    f.harness.setOffline(true);
    let offline;
    try {
      offline = await handlers()['decline-fit-run']({ ...args, stream: 'oil', frequency: 'daily' });
    } finally {
      f.harness.setOffline(false);
    }
    expect(offline.window.from).toBe('2023-01-01');
    expect(offline.reasons).toEqual([
      {
        code: 'history-incomplete',
        message: expect.stringMatching(
          /^The cumulative to date counts only the production on this computer: 730 days between first production \(2021-01-01\)/,
        ),
      },
    ]);
    let lastYear = 0;
    for (let t = 730; t < DAYS; t++) lastYear += Math.round(rateAt(KNOWN_CURVE, t) * 1e6) / 1e6;
    expect(offline.forecast!.cumulativeToDate).toBeCloseTo(lastYear, 2);

    // Online, the missing history is fetched first: Np counts from first production.
    const online = await handlers()['decline-fit-run']({
      ...args,
      stream: 'oil',
      frequency: 'daily',
    });
    expect(online.reasons).toEqual([]);
    expect(online.window.from).toBe(FIRST);
    expect(online.forecast!.cumulativeToDate).toBeGreaterThan(3 * lastYear);
  });
});
