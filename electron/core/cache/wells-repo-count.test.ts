import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CacheDb } from './migrate.js';
import { openCache } from './open-cache.js';
import { WellsRepo } from './wells-repo.js';

/**
 * The count of "N of M wells": a window that ends short of its limit gives it without a
 * second pass (wells-repo.ts); whichever way it is found, it is the number of matches.
 */

const CONNECTION = 'con_1';
const AT = '2026-01-01T00:00:00.000Z';
/** 25 wells: 10 named "Big Ranch …", 15 "Eagle Creek …". */
const NAMES = [
  ...Array.from({ length: 10 }, (_, i) => `Big Ranch ${i + 1}H`),
  ...Array.from({ length: 15 }, (_, i) => `Eagle Creek ${i + 1}H`),
];
let dir: string;
let db: CacheDb;
let repo: WellsRepo;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-wells-count-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, AT);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 25, ?, ?, ?)`,
  ).run(CONNECTION, AT, AT, AT);
  NAMES.forEach((name, index) =>
    db
      .prepare(
        `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
         VALUES (?, 'prj_1', ?, ?, ?, 'producer', ?, ?, ?)`,
      )
      .run(
        CONNECTION,
        `wel_${index}`,
        name,
        name.toLowerCase(),
        index % 2 ? 'active' : 'shut_in',
        AT,
        AT,
      ),
  );
  repo = new WellsRepo(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const matching = (search: string, status?: string) =>
  NAMES.filter(
    (name, index) =>
      name.toLowerCase().includes(search) &&
      (status === undefined || (index % 2 ? 'active' : 'shut_in') === status),
  ).length;

describe('the count of a window of wells', () => {
  it('is the number of matches for windows past, across and short of the last match', () => {
    const windows = [
      { offset: 0, limit: 100 },
      { offset: 0, limit: 5 },
      { offset: 5, limit: 5 },
      { offset: 8, limit: 5 },
      { offset: 10, limit: 5 },
      { offset: 40, limit: 10 },
      { offset: 0, limit: 0 },
      { offset: 3, limit: undefined },
      { offset: 30, limit: undefined },
    ];
    for (const search of ['', 'ranch', 'creek', 'e', 'zzz']) {
      for (const window of windows) {
        const { total, projectTotal } = repo.query(CONNECTION, 'prj_1', { search, ...window });
        expect({ search, ...window, total }).toEqual({
          search,
          ...window,
          total: matching(search),
        });
        expect(projectTotal).toBe(25);
      }
    }
    const filtered = repo.query(CONNECTION, 'prj_1', {
      search: 'ranch',
      status: 'active',
      offset: 0,
      limit: 100,
    });
    expect(filtered.total).toBe(matching('ranch', 'active'));
    expect(filtered.rows).toHaveLength(matching('ranch', 'active'));
  });

  it('is the same with queued changes merged over the wells', () => {
    const overlay = JSON.stringify([
      { id: 'wel_0', patch: { name: 'Zed 1H', name_key: 'zed 1h' }, state: 'pending' },
    ]);
    for (const window of [
      { offset: 0, limit: 100 },
      { offset: 0, limit: 4 },
      { offset: 8, limit: 4 },
    ]) {
      expect(repo.query(CONNECTION, 'prj_1', { search: 'ranch', ...window }, overlay).total).toBe(
        9,
      );
    }
  });
});
