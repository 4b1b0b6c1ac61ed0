import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeclineSettingsRepo } from '../decline/decline-settings-repo.js';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/**
 * Migration 16 on a cache of the previous version: a project's saved decline settings kept
 * as they were, with the 50-year cap every forecast stopped at before it, so no EUR moves.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-decline-max-years-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('cache migration 16 (decline-max-years)', () => {
  it('gives the settings saved before it the 50-year cap, and refuses a cap out of range', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 16) }).db;
    before.exec(`
      INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO decline_settings (connection_id, project_id, model, d_min_effective_percent,
          oil_limit, gas_limit, water_limit, end_date, saved_at)
        VALUES ('c', 'p', 'hyperbolic', 8, 3, 25, 4, '2040-12-31', 'x');`);
    before.close();

    const after = openCache(file).db;
    try {
      expect(
        after.prepare('SELECT max(id) FROM cache_migrations').pluck().get(),
      ).toBeGreaterThanOrEqual(16);
      expect(new DeclineSettingsRepo(after).get('c', 'p', 'imperial')).toEqual({
        model: 'hyperbolic',
        dMinEffectivePercent: 8,
        limits: { oil: 3, gas: 25, water: 4 },
        endDate: '2040-12-31',
        maxYears: 50,
      });
      for (const bad of [0, 0.99, 100.5, -1]) {
        expect(() => after.prepare('UPDATE decline_settings SET max_years = ?').run(bad)).toThrow(
          /CHECK/,
        );
      }
      after.prepare('UPDATE decline_settings SET max_years = ?').run(12.5);
      expect(after.prepare('SELECT max_years FROM decline_settings').pluck().get()).toBe(12.5);
    } finally {
      after.close();
    }
  });
});
