import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/**
 * Migration 17: the averaged rates beside the last day's; the figures kept before it (which
 * have none) are dropped for the next fill, the wells and their rows kept.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-screening-averages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('cache migration 17 (screening-averages)', () => {
  it('drops the figures without averages, keeps the wells and takes averages after', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 17) }).db;
    before.exec(`INSERT INTO connections (id, name, base_url, kind, created_at)
        VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count, created_at, updated_at, fetched_at)
        VALUES ('c', 'p', 'P', 'UTC', 'imperial', 1, 'x', 'x', 'x');
      INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, fetched_at, created_at)
        VALUES ('c', 'p', 'w', 'W', 'w', 'producer', 'active', 'x', 'x');
      INSERT INTO well_screening (connection_id, well_id, as_of, source, production_version,
        last_date, oil_rate) VALUES ('c', 'w', '2025-07-01T00:00:00.000Z', 'cache', 0, '2025-06-30', 12);`);
    before.close();

    const after = openCache(file).db;
    try {
      expect(after.prepare('SELECT name FROM wells').pluck().all()).toEqual(['W']);
      expect(after.prepare('SELECT COUNT(*) FROM well_screening').pluck().get()).toBe(0);
      after
        .prepare(
          `INSERT INTO well_screening (connection_id, well_id, as_of, source, production_version,
             last_date, oil_rate, oil_avg_7, oil_avg_30)
           VALUES ('c', 'w', '2025-07-02T00:00:00.000Z', 'cache', 0, '2025-07-01', 173.5, 40, 30.5)`,
        )
        .run();
      expect(
        after
          .prepare('SELECT oil_rate, oil_avg_7, oil_avg_30, gas_avg_30 FROM well_screening')
          .get(),
      ).toEqual({ oil_rate: 173.5, oil_avg_7: 40, oil_avg_30: 30.5, gas_avg_30: null });
    } finally {
      after.close();
    }
  });
});
