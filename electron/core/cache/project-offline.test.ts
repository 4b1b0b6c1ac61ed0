import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoverageRepo } from './coverage-repo.js';
import type { CacheDb } from './migrate.js';
import { openCache } from './open-cache.js';
import { ProjectOfflineQuery } from './project-offline.js';
import { ProductionRepo } from './production-repo.js';

/**
 * ProjectView.offline's range starts on the first day a covered well holds a row for: a
 * well whose whole history was read (coverage from 1900-01-01, as the well page's
 * cumulative volumes ask for it) says when its data starts, not 1900-01-01.
 */

const CONNECTION = 'con_1';
const AT = '2026-01-01T00:00:00.000Z';
let dir: string;
let db: CacheDb;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-offline-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, AT);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 3, ?, ?, ?)`,
  ).run(CONNECTION, AT, AT, AT);
  for (const id of ['wel_a', 'wel_b', 'wel_c']) {
    db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, 'prj_1', ?, ?, ?, 'producer', 'active', ?, ?)`,
    ).run(CONNECTION, id, id, id, AT, AT);
  }
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a read of `range` leaves: its coverage, and the server's rows from `firstRow` on. */
function read(wellId: string, range: { from: string; to: string }, firstRow: string | null) {
  db.transaction(() => {
    new CoverageRepo(db).add(CONNECTION, wellId, range, AT);
    if (firstRow === null) return;
    new ProductionRepo(db).replaceRange(CONNECTION, wellId, range, [
      [firstRow, 100, 20, 300, null, null, null, 24, null, null],
      [range.to, 90, 25, 280, null, null, null, 24, null, null],
    ]);
  })();
}

describe('the offline range of a project', () => {
  it('starts on the first day held, not on the start of a whole-history read', () => {
    read('wel_a', { from: '1900-01-01', to: '2025-03-31' }, '2019-06-01');
    expect(new ProjectOfflineQuery(db).one(CONNECTION, 'prj_1')).toEqual({
      wellsCovered: 1,
      from: '2019-06-01',
      to: '2025-03-31',
    });
  });

  it('is the days every well holds, and wells holding no row count but set no range', () => {
    read('wel_a', { from: '1900-01-01', to: '2025-03-31' }, '2019-06-01');
    read('wel_b', { from: '2024-01-01', to: '2025-06-30' }, '2024-01-01');
    read('wel_c', { from: '1900-01-01', to: '2025-06-30' }, null);
    expect(new ProjectOfflineQuery(db).one(CONNECTION, 'prj_1')).toEqual({
      wellsCovered: 3,
      from: '2024-01-01',
      to: '2025-03-31',
    });
  });

  it('says no range when no covered well holds a row', () => {
    read('wel_c', { from: '1900-01-01', to: '2025-06-30' }, null);
    expect(new ProjectOfflineQuery(db).one(CONNECTION, 'prj_1')).toEqual({
      wellsCovered: 1,
      from: null,
      to: null,
    });
  });
});
