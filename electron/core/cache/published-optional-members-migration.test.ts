import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/**
 * Migration 6: projects and wells may lack what the published schema leaves
 * optional; everything cached before it is kept, and above all the production,
 * coverage and outbox that hang off the copied tables.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-optional-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2025-07-01T00:00:00.000Z';
const SEED = [
  `INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c1', 'Acme', 'https://a/api/v1', 'organisation', '${AT}')`,
  `INSERT INTO projects (connection_id, id, name, description, timezone, unit_system, well_count, created_at, updated_at, fetched_at)
   VALUES ('c1', 'p1', 'Permian', '', 'UTC', 'imperial', 1, '${AT}', '${AT}', '${AT}')`,
  `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
   VALUES ('c1', 'p1', 'w1', 'Lone Star 1', 'lone star 1', 'producer', 'active', '${AT}', '${AT}')`,
  `INSERT INTO production (connection_id, well_id, date, oil_rate) VALUES ('c1', 'w1', '2025-01-01', 12.5)`,
  `INSERT INTO coverage (connection_id, well_id, from_date, to_date, fetched_at) VALUES ('c1', 'w1', '2025-01-01', '2025-01-31', '${AT}')`,
];

const TABLES = [
  'projects',
  'wells',
  'production',
  'coverage',
  'production_latest',
  'coverage_widest',
];

describe('cache migration 6 (published-optional-members)', () => {
  it('keeps every cached row, and lets a project or well lack the optional members', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id <= 5) }).db;
    for (const statement of SEED) before.prepare(statement).run();
    const rows = (db: typeof before) =>
      TABLES.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).all());
    const cached = rows(before);
    expect(() => before.prepare("UPDATE wells SET type = NULL WHERE id = 'w1'").run()).toThrow(
      /NOT NULL/,
    );
    before.close();

    const after = openCache(file).db;
    try {
      expect(rows(after)).toEqual(cached);
      after.prepare('UPDATE wells SET type = NULL, status = NULL, created_at = NULL').run();
      after
        .prepare(
          'UPDATE projects SET timezone = NULL, well_count = NULL, created_at = NULL, updated_at = NULL',
        )
        .run();
      expect(after.pragma('foreign_keys', { simple: true })).toBe(1);
      // The cascades and the outbox trigger are back on the new tables.
      after.prepare("DELETE FROM wells WHERE id = 'w1'").run();
      expect(after.prepare('SELECT COUNT(*) FROM production').pluck().get()).toBe(0);
      expect(after.prepare('SELECT COUNT(*) FROM coverage').pluck().get()).toBe(0);
      const triggers = after
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        .pluck()
        .all();
      expect(triggers.filter((name) => String(name).startsWith('outbox_'))).toEqual([
        'outbox_remembers_project',
        'outbox_remembers_well',
      ]);
    } finally {
      after.close();
    }
  });
});
