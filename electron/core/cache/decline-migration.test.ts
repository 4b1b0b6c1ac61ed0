import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** Migration 8 on a cache of the previous version: its data kept, decline tables and triggers added. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-decline-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('cache migration 8 (decline)', () => {
  it('applies on a version 7 cache with data, and versions the production queued edits change', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id <= 7) }).db;
    before.exec(`
      INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count, created_at, updated_at, fetched_at)
        VALUES ('c', 'p', 'P', 'UTC', 'imperial', 1, 'x', 'x', 'x');
      INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
        VALUES ('c', 'p', 'w', 'W', 'w', 'producer', 'active', 'x', 'x');
      INSERT INTO production (connection_id, well_id, date, oil_rate) VALUES ('c', 'w', '2024-01-01', 10);
      INSERT INTO outbox (connection_id, project_id, well_id, kind, payload, created_at, updated_at)
        VALUES ('c', 'p', 'w', 'upsert-records', '{}', 'x', 'x');`);
    before.close();

    const after = openCache(file).db;
    try {
      expect(
        after.prepare('SELECT max(id) FROM cache_migrations').pluck().get(),
      ).toBeGreaterThanOrEqual(8);
      expect(after.prepare('SELECT oil_rate FROM production').pluck().all()).toEqual([10]);
      expect(after.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(1);
      const version = () =>
        after.prepare("SELECT version FROM production_versions WHERE well_id = 'w'").pluck().get();
      expect(version()).toBeUndefined();
      after.exec(
        "INSERT INTO outbox_records (outbox_seq, date, oil_rate) VALUES (1, '2024-01-02', 5)",
      );
      expect(version()).toBe(1);
      after.exec('UPDATE outbox_records SET oil_rate = 6 WHERE outbox_seq = 1');
      expect(version()).toBe(2);
      after.exec(`INSERT INTO outbox (connection_id, project_id, well_id, kind, payload, created_at, updated_at)
        VALUES ('c', 'p', 'w', 'update-well', '{}', 'x', 'x')`);
      expect(version()).toBe(2); // a well's name or status is not its production
      after.exec('DELETE FROM outbox WHERE seq = 1');
      expect(version()).toBe(3); // the operation left (its records cascade after it)
      after.exec(`INSERT INTO decline_fits (connection_id, project_id, well_id, stream, frequency,
          window_from, window_to, anchor_date, kind, qi, di, b, di_effective_percent, origin,
          points_used, points_excluded, poor, reasons, last_producing_date, cumulative_to_date,
          saved_at, production_version, fingerprint)
        VALUES ('c', 'p', 'w', 'oil', 'daily', '2024-01-01', '2024-01-01', '2024-01-01',
          'exponential', 10, 0.5, 0, 39.3, 'fitted', 1, 0, 1, '[]', '2024-01-01', 10, 'x', 3, 'f')`);
      expect(() => after.exec("UPDATE decline_fits SET stream = 'condensate'")).toThrow(/CHECK/);
      after.exec("DELETE FROM wells WHERE id = 'w'");
      expect(after.prepare('SELECT count(*) FROM decline_fits').pluck().get()).toBe(0);
    } finally {
      after.close();
    }
  });
});
