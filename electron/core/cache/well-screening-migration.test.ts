import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** Migration 9: the wells' screening figures, added beside what was there. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-screening-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SCREENING = `INSERT INTO well_screening (connection_id, well_id, as_of, source,
  production_version, last_date, oil_rate, sparklines) VALUES ('c', 'w', '2025-07-01T00:00:00.000Z', ?, 0,
  '2025-06-30', 12, ?)`;

describe('cache migration 9 (well-screening)', () => {
  it('keeps the wells before it, checks its values and goes with its well', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 9) }).db;
    before.exec(`INSERT INTO connections (id, name, base_url, kind, created_at)
        VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count, created_at, updated_at, fetched_at)
        VALUES ('c', 'p', 'P', 'UTC', 'imperial', 1, 'x', 'x', 'x');
      INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, fetched_at, created_at)
        VALUES ('c', 'p', 'w', 'W', 'w', 'producer', 'active', 'x', 'x');`);
    before.close();

    const after = openCache(file).db;
    try {
      expect(after.prepare('SELECT name FROM wells').pluck().all()).toEqual(['W']);
      expect(() => after.prepare(SCREENING).run('guess', null)).toThrow(/CHECK/);
      expect(() => after.prepare(SCREENING).run('cache', '{oil')).toThrow(/CHECK/);
      after.prepare(SCREENING).run('summary', '{"oil":[1,null,2]}');
      after.prepare("DELETE FROM wells WHERE id = 'w'").run();
      expect(after.prepare('SELECT COUNT(*) FROM well_screening').pluck().get()).toBe(0);
    } finally {
      after.close();
    }
  });
});
