import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxOperationView } from '#shared/desktop/index.js';
import {
  day,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from '../../sync/testing/sync-fixture.js';
import {
  cellsOn,
  pagesOf,
  scribbleOverEverything,
  scribbleOverPages,
} from './testing/disk-fault.js';

/**
 * A cache damaged on disk while it held unsynced edits, as a failing disk
 * leaves it: the next start rebuilds it with every edit SQLite can still read,
 * tells the person what was kept and where the damaged file is, and the edits
 * reach the real server.
 */

let fixture: SyncFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const core = () => fixture!.harness.core.handlers;
const cacheFile = () => join(fixture!.harness.dataDir, 'cache.db');

/** What identifies a queued change, whatever happened to the file around it. */
const essentials = (ops: OutboxOperationView[]) =>
  ops.map(({ seq, projectId, wellId, kind, recordCount, range }) => ({
    seq,
    projectId,
    wellId,
    kind,
    recordCount,
    range,
  }));

async function cacheProduction(wells: readonly WellRef[], from: string, to: string) {
  for (const well of wells) {
    await core()['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from,
      to,
      aggregation: 'daily',
    });
  }
}

function quickCheck(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('quick_check(1)', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('a damaged cache', () => {
  it('gives back every queued edit when the damage is in the production cache, and they sync', async () => {
    fixture = await startSyncFixture({ wellCounts: [3, 0, 0] });
    const [a, b, c] = (await fixture.wells('imperial', 3)) as [WellRef, WellRef, WellRef];
    await cacheProduction([a, b, c], '2023-01-01', '2025-06-30');

    fixture.harness.setOffline(true);
    await core()['records-save']({
      projectId: a.projectId,
      wellId: a.wellId,
      records: [day('2024-03-01', { oil_rate: 101 }), day('2024-03-02', { oil_rate: 102 })],
    });
    await core()['well-update']({
      projectId: a.projectId,
      wellId: a.wellId,
      patch: { status: 'shut_in' },
    });
    await core()['records-save']({
      projectId: b.projectId,
      wellId: b.wellId,
      records: [day('2024-04-01', { gas_rate: 201 }), day('2024-04-02', { gas_rate: 202 })],
    });
    await core()['records-save']({
      projectId: c.projectId,
      wellId: c.wellId,
      records: [day('2024-05-01', { water_rate: 301 })],
    });
    await core()['records-delete']({
      projectId: c.projectId,
      wellId: c.wellId,
      from: '2024-05-10',
      to: '2024-05-11',
    });
    const queued = essentials(await fixture.outbox());
    expect(queued).toHaveLength(5);
    await fixture.harness.closeCore();

    // The disk fails under the production cache: a third of its leaf pages become garbage.
    const leaves = pagesOf(cacheFile(), 'production', 'leaf');
    expect(leaves.length).toBeGreaterThan(30);
    scribbleOverPages(
      cacheFile(),
      leaves.filter((_, index) => index % 3 === 1),
    );
    expect(quickCheck(cacheFile())).not.toBe('ok');
    const damaged = readFileSync(cacheFile());

    fixture.harness.setOffline(false);
    const reopened = await fixture.harness.reopen();
    expect(essentials(await fixture.outbox())).toEqual(queued);
    const kept = reopened.cache.movedAside!.movedTo;
    expect(await core()['core-notices']({})).toEqual({
      notices: [
        {
          id: expect.stringMatching(/^cache-rebuilt:cache\.db\.unusable-/),
          kind: 'cache-rebuilt',
          level: 'warning',
          title: 'The local cache was damaged and was rebuilt',
          message: `5 unsynced changes to 3 wells were recovered and will sync. The damaged file was kept at ${kept}.`,
          keptFile: kept,
        },
      ],
    });
    expect(JSON.stringify(reopened.notices)).not.toContain(fixture.demo.token);
    expect(readFileSync(kept).equals(damaged)).toBe(true);
    expect(quickCheck(cacheFile())).toBe('ok');

    const status = await fixture.syncNow();
    expect(status).toMatchObject({ pending: 0, errors: 0, conflicts: 0 });
    const onServer = async (well: WellRef, from: string, to: string) =>
      fixture!.serverDays(well, from, to);
    expect((await onServer(a, '2024-03-01', '2024-03-02')).get('2024-03-02')).toMatchObject({
      oil_rate: 102,
    });
    expect((await onServer(b, '2024-04-01', '2024-04-02')).get('2024-04-01')).toMatchObject({
      gas_rate: 201,
    });
    const cDays = await onServer(c, '2024-05-01', '2024-05-11');
    expect(cDays.get('2024-05-01')).toMatchObject({ water_rate: 301 });
    expect(cDays.has('2024-05-10')).toBe(false);
    expect(cDays.has('2024-05-11')).toBe(false);
    expect((await fixture.api.getWell(a.projectId, a.wellId)).status).toBe('shut_in');
  });

  it('recovers the queued days around damage inside the edits themselves, and says what is missing', async () => {
    fixture = await startSyncFixture({ wellCounts: [2, 0, 0] });
    const [a, b] = (await fixture.wells('imperial', 2)) as [WellRef, WellRef];
    fixture.harness.setOffline(true);
    // 1,500 days in one operation: many pages of outbox_records.
    const many = Array.from({ length: 1500 }, (_, index) =>
      day(new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10), { oil_rate: index }),
    );
    await core()['records-save']({ projectId: a.projectId, wellId: a.wellId, records: many });
    await core()['records-save']({
      projectId: b.projectId,
      wellId: b.wellId,
      records: [day('2024-06-01', { oil_rate: 7 })],
    });
    await fixture.harness.closeCore();

    const leaves = pagesOf(cacheFile(), 'outbox_records', 'leaf');
    expect(leaves.length).toBeGreaterThan(10);
    const middle = leaves[Math.floor(leaves.length / 2)]!;
    const daysOnThePage = cellsOn(cacheFile(), middle);
    scribbleOverPages(cacheFile(), [middle]);

    fixture.harness.setOffline(false);
    const reopened = await fixture.harness.reopen();
    const [bigOp] = (await fixture.outbox()).filter((op) => op.wellId === a.wellId);
    // The days on the damaged page are lost, and nothing more.
    expect(daysOnThePage).toBeGreaterThan(0);
    expect(bigOp?.recordCount).toBe(1500 - daysOnThePage);
    const kept = reopened.cache.movedAside!.movedTo;
    expect(reopened.notices).toEqual([
      expect.objectContaining({
        level: 'error',
        message: `2 unsynced changes to 2 wells were recovered and will sync. Part of the file could not be read: 1 recovered change is missing days that could not be read. The damaged file was kept at ${kept}.`,
      }),
    ]);
    expect(bigOp!.range).toEqual({ from: '2020-01-01', to: many.at(-1)!.date });

    expect(await fixture.syncNow()).toMatchObject({ pending: 0, errors: 0 });
    const server = await fixture.serverDays(a, '2020-01-01', many.at(-1)!.date);
    expect(server.get(many.at(-1)!.date)).toMatchObject({ oil_rate: 1499 });
    expect(server.get('2020-01-01')).toMatchObject({ oil_rate: 0 });
  });

  it('reads edits that were still only in the WAL when the power went and the disk failed', async () => {
    fixture = await startSyncFixture({ wellCounts: [2, 0, 0] });
    const [a, b] = (await fixture.wells('imperial', 2)) as [WellRef, WellRef];
    await cacheProduction([a, b], '2023-01-01', '2025-06-30');
    await fixture.harness.reopen(); // production checkpointed into the file itself
    fixture.harness.setOffline(true);
    for (const [well, date] of [
      [a, '2024-07-01'],
      [b, '2024-07-02'],
    ] as const) {
      await core()['records-save']({
        projectId: well.projectId,
        wellId: well.wellId,
        records: [day(date, { oil_rate: 55 })],
      });
    }
    const queued = essentials(await fixture.outbox());
    // The power goes: the file and its WAL as they are on disk now (synchronous=FULL).
    const image = join(fixture.harness.dataDir, 'power-cut');
    copyFileSync(cacheFile(), `${image}.db`);
    copyFileSync(`${cacheFile()}-wal`, `${image}.db-wal`);
    await fixture.harness.closeCore();
    copyFileSync(`${image}.db`, cacheFile());
    copyFileSync(`${image}.db-wal`, `${cacheFile()}-wal`);
    rmSync(`${cacheFile()}-shm`, { force: true });
    const outboxPages = pagesOf(cacheFile(), 'outbox');
    const damaged = pagesOf(cacheFile(), 'production', 'leaf').filter(
      (page, index) => index % 2 === 0,
    );
    expect(damaged.some((page) => outboxPages.includes(page))).toBe(false);
    scribbleOverPages(cacheFile(), damaged);

    fixture.harness.setOffline(false);
    const reopened = await fixture.harness.reopen();
    expect(essentials(await fixture.outbox())).toEqual(queued);
    expect(reopened.notices[0]?.message).toMatch(
      /^2 unsynced changes to 2 wells were recovered and will sync\. The damaged file was kept at /,
    );
    expect(await fixture.syncNow()).toMatchObject({ pending: 0, errors: 0 });
    expect(
      (await fixture.serverDays(b, '2024-07-02', '2024-07-02')).get('2024-07-02'),
    ).toMatchObject({ oil_rate: 55 });
  });

  it('keeps the decline settings, the fits the person edited and the dismissed findings', async () => {
    fixture = await startSyncFixture({ wellCounts: [2, 0, 0] });
    const [a, b] = (await fixture.wells('imperial', 2)) as [WellRef, WellRef];
    const projectId = a.projectId;
    await cacheProduction([a, b], '2000-01-01', '2025-12-31');
    const settings = {
      model: 'exponential' as const,
      dMinEffectivePercent: 8,
      economicLimit: { oil: 3, gas: 25, water: 4 },
      endDate: '2040-12-31',
      maxYears: 30,
    };
    await core()['decline-settings-save']({ projectId, settings });
    const fitted = await core()['decline-fit-run']({
      projectId,
      wellId: a.wellId,
      stream: 'oil',
      frequency: 'monthly',
    });
    const edited = await core()['decline-fit-save']({
      projectId,
      wellId: a.wellId,
      stream: 'oil',
      frequency: 'monthly',
      window: fitted.window,
      anchorDate: fitted.window.from,
      model: { kind: 'exponential', qi: 321, di: 0.45 },
    });
    // A fit the app made (well b's) is not kept: it can be made again from the server's data.
    // Its history is, as it holds the person's edit, which the refit replaced.
    const fittedB = await core()['decline-fit-run']({
      projectId,
      wellId: b.wellId,
      stream: 'oil',
      frequency: 'monthly',
    });
    await core()['decline-fit-save']({
      projectId,
      wellId: b.wellId,
      stream: 'oil',
      frequency: 'monthly',
      window: fittedB.window,
      anchorDate: fittedB.window.from,
      model: { kind: 'harmonic', qi: 222.125, di: 0.3125 },
    });
    await core()['decline-fit-run']({
      projectId,
      wellId: b.wellId,
      stream: 'oil',
      frequency: 'monthly',
    });
    const scan = await core()['quality-scan']({ projectId });
    const finding = scan.findings[0]!;
    expect(finding).toBeDefined();
    await core()['quality-dismiss']({ projectId, key: finding.key, dismissed: true });
    await fixture.harness.closeCore();

    const leaves = pagesOf(cacheFile(), 'production', 'leaf');
    scribbleOverPages(
      cacheFile(),
      leaves.filter((_, index) => index % 3 === 1),
    );
    expect(quickCheck(cacheFile())).not.toBe('ok');

    const reopened = await fixture.harness.reopen();
    expect(reopened.notices[0]?.message).toMatch(
      /^It held no unsynced changes that could be read\. Also kept: the decline settings of 1 project, 1 decline fit you edited and 1 dismissed data-quality finding\. The damaged file was kept at /,
    );
    expect(await core()['decline-settings-get']({ projectId })).toEqual(settings);
    const fitsOfA = (await core()['decline-fits-get']({ projectId, wellId: a.wellId })).fits;
    expect(fitsOfA).toHaveLength(1);
    expect(fitsOfA[0]).toMatchObject({
      origin: 'edited',
      model: { kind: 'exponential', qi: 321, di: 0.45 },
      window: edited.window,
      forecast: { eur: edited.forecast!.eur },
    });
    await core()['wells-list']({ projectId, refresh: 'await' });
    expect((await core()['decline-fits-get']({ projectId, wellId: b.wellId })).fits).toEqual([]);
    const history = async (wellId: string) =>
      (await core()['decline-fit-history']({ projectId, wellId, stream: 'oil' })).entries;
    const historyOfA = await history(a.wellId);
    expect(historyOfA.map((entry) => [entry.source, entry.current])).toEqual([
      ['manual-edit', true],
      ['single-well-fit', false],
    ]);
    expect(historyOfA[1]!.model).toEqual(fitted.model);
    const historyOfB = await history(b.wellId);
    expect(historyOfB.map((entry) => [entry.source, entry.current])).toEqual([
      ['single-well-fit', false],
      ['manual-edit', false],
      ['single-well-fit', false],
    ]);
    await core()['decline-fit-restore']({
      projectId,
      wellId: b.wellId,
      stream: 'oil',
      entryId: historyOfB[1]!.id,
    });
    expect((await core()['decline-fits-get']({ projectId, wellId: b.wellId })).fits).toEqual([
      expect.objectContaining({
        origin: 'edited',
        model: { kind: 'harmonic', qi: 222.125, di: 0.3125 },
      }),
    ]);

    // Once the production is back from the server, the same finding is still dismissed,
    // and the edited fit, which saw that same production, is current.
    await cacheProduction([a, b], '2000-01-01', '2025-12-31');
    const again = await core()['quality-scan']({ projectId });
    expect(again.findings.find((f) => f.key === finding.key)).toMatchObject({ dismissed: true });
    expect(again.findings.filter((f) => f.dismissed)).toHaveLength(1);
    const current = (await core()['decline-fits-get']({ projectId, wellId: a.wellId })).fits;
    expect(current[0]).toMatchObject({ origin: 'edited', stale: false });
  });

  it('keeps a file SQLite cannot read at all, says where it is, and starts empty', async () => {
    fixture = await startSyncFixture({ wellCounts: [1, 0, 0] });
    const [a] = (await fixture.wells('imperial', 1)) as [WellRef];
    fixture.harness.setOffline(true);
    await core()['records-save']({
      projectId: a.projectId,
      wellId: a.wellId,
      records: [day('2024-03-01', { oil_rate: 1 })],
    });
    await fixture.harness.closeCore();
    scribbleOverEverything(cacheFile());
    const damaged = readFileSync(cacheFile());

    fixture.harness.setOffline(false);
    const reopened = await fixture.harness.reopen();
    const kept = reopened.cache.movedAside!.movedTo;
    expect(reopened.notices).toEqual([
      {
        id: expect.stringMatching(/^cache-rebuilt:/),
        kind: 'cache-rebuilt',
        level: 'error',
        title: 'The local cache was damaged beyond reading and was rebuilt empty',
        message: `It fills again from the server. Changes that had not been synced could not be recovered from it. The damaged file was kept at ${kept}.`,
        keptFile: kept,
      },
    ]);
    expect(existsSync(kept)).toBe(true);
    expect(readFileSync(kept).equals(damaged)).toBe(true);
    expect(await fixture.outbox()).toEqual([]);
    // The app goes on: the demo connection is back and reads come from the server.
    const wells = await core()['wells-list']({ projectId: a.projectId, refresh: 'await' });
    expect(wells.data.wells.map((well) => well.id)).toContain(a.wellId);
  });
});
