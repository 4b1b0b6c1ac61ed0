import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CacheDb } from './cache/migrate.js';
import { DISK_FULL_MESSAGE, READ_ONLY_START_MESSAGE } from './storage-errors.js';
import { READ_ONLY_AT_START } from './notices/storage-notices.js';
import {
  day,
  startSyncFixture,
  type SyncFixture,
  type WellRef,
} from './sync/testing/sync-fixture.js';
import { coreErrorOf } from './testing/core-error.js';
import { startCore, type CoreHarness } from './testing/core-harness.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/**
 * A full disk, made honestly: SQLite's own page limit on the core's cache
 * connection (`PRAGMA max_page_count`), so every write that needs a new page
 * fails with SQLITE_FULL exactly as on a full disk. Saves say so and change
 * nothing; a start on a full disk opens read-only instead of failing.
 */

const NO_LIMIT = 1_073_741_823;
const fullDisk = (db: CacheDb) =>
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);

let fixture: SyncFixture | undefined;
let demo: DemoServer | undefined;
let harness: CoreHarness | undefined;
afterEach(async () => {
  await fixture?.close();
  await harness?.close();
  await demo?.close();
  fixture = harness = demo = undefined;
});

/** What a save may change: the queued operations, their days, and the cached server rows. */
function snapshot(dataDir: string): string {
  const db = new Database(join(dataDir, 'cache.db'), { readonly: true });
  try {
    return JSON.stringify([
      db.prepare('SELECT seq, kind, payload FROM outbox ORDER BY seq').all(),
      db.prepare('SELECT * FROM outbox_records ORDER BY outbox_seq, date').all(),
      db.prepare('SELECT * FROM production ORDER BY well_id, date').all(),
    ]);
  } finally {
    db.close();
  }
}

describe('a full disk', () => {
  it('makes a save fail with "the disk is full", changing nothing, and the same save works once space is freed', async () => {
    let cache: CacheDb | undefined;
    fixture = await startSyncFixture({
      wellCounts: [1, 0, 0],
      core: { limitCacheForTests: (db) => void (cache = db) },
    });
    const [well] = (await fixture.wells('imperial', 1)) as [WellRef];
    const core = fixture.harness.core.handlers;
    await core['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from: '2025-01-01',
      to: '2025-03-31',
      aggregation: 'daily',
    });
    fixture.harness.setOffline(true);
    await core['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: [day('2025-01-02', { oil_rate: 5 })],
    });
    const before = snapshot(fixture.harness.dataDir);

    fullDisk(cache!);
    const records = Array.from({ length: 3000 }, (_, index) =>
      day(new Date(Date.UTC(2010, 0, 1 + index)).toISOString().slice(0, 10), { oil_rate: index }),
    );
    const save = () =>
      core['records-save']({ projectId: well.projectId, wellId: well.wellId, records });
    const error = await coreErrorOf(save());
    expect(error.toJSON()).toEqual({
      type: 'storage',
      message: DISK_FULL_MESSAGE,
      details: { code: 'SQLITE_FULL' },
    });
    expect(snapshot(fixture.harness.dataDir)).toBe(before);
    // The same through the hosts' door: a reply, never a throw, never "went wrong inside".
    expect(
      await fixture.harness.core.invoke('records-save', {
        projectId: well.projectId,
        wellId: well.wellId,
        records,
      }),
    ).toMatchObject({ ok: false, error: { type: 'storage', message: DISK_FULL_MESSAGE } });

    cache!.pragma(`max_page_count = ${NO_LIMIT}`); // space freed
    expect(await save()).toMatchObject({ saved: 3000 });
    fixture.harness.setOffline(false);
    expect(await fixture.syncNow()).toMatchObject({ pending: 0, errors: 0 });
    const server = await fixture.serverDays(well, '2010-01-01', records.at(-1)!.date);
    expect(server.get(records.at(-1)!.date)).toMatchObject({ oil_rate: 2999 });
    expect(server.get('2010-01-01')).toMatchObject({ oil_rate: 0 });
  });

  it('at start opens read-only: the host goes on, reads work, saves say why they cannot', async () => {
    demo = await startDemoServer({ wellCounts: [1, 0, 0] });
    // Not even the cache's first table fits.
    harness = await startCore(demo, {
      limitCacheForTests: (db) => db.pragma('max_page_count = 1'),
    });
    const core = harness.core.handlers;
    expect(harness.core.cacheMode).toBe('memory');
    expect(await core['core-notices']({})).toEqual({ notices: [READ_ONLY_AT_START] });

    const connections = await core['connections-list']({});
    expect(connections.connections).toEqual([
      expect.objectContaining({ name: 'Demo workspace', isCurrent: true, hasToken: true }),
    ]);
    const projects = await core['projects-list']({ refresh: 'await' });
    const projectId = projects.data[0]!.id;
    const wells = await core['wells-list']({ projectId, refresh: 'await' });
    const wellId = wells.data.wells[0]!.id;
    expect(wells.data.wells.length).toBeGreaterThan(0);

    const error = await coreErrorOf(
      core['records-save']({ projectId, wellId, records: [day('2025-01-02', { oil_rate: 5 })] }),
    );
    expect(error.toJSON()).toMatchObject({ type: 'storage', message: READ_ONLY_START_MESSAGE });
    expect((await core['outbox-list']({})).operations).toEqual([]);
    const mapping = await coreErrorOf(
      core['import-mapping-save']({
        headers: ['Date', 'Oil'],
        columns: [
          { index: 0, target: 'date' },
          { index: 1, target: 'oil_rate' },
        ],
      }),
    );
    expect(mapping.type).toBe('storage');
  });
});
