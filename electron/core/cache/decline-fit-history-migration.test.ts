import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** Migration 11 on a cache of the previous version: saved fits kept and starting their history. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-fit-history-migration-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fit = (stream: string, origin: string, qi: number, day: string) => `INSERT INTO decline_fits
  (connection_id, project_id, well_id, stream, frequency, window_from, window_to, anchor_date,
   kind, qi, di, b, di_effective_percent, origin, points_used, points_excluded, poor, reasons,
   last_producing_date, cumulative_to_date, saved_at, production_version, fingerprint)
  VALUES ('c', 'p', 'w', '${stream}', 'daily', '2024-01-01', '2024-03-01', '2024-01-01',
   'exponential', ${qi}, 0.512345678901234, 0, 40.1, '${origin}', 60, 0, 0, '[]', '2024-03-01',
   1000, '2024-04-${day}T00:00:00.000Z', 3, 'v2:f')`;

describe('cache migration 11 (decline-fit-history)', () => {
  it('keeps the saved fits, marks edited ones as on a chosen window, and starts each history', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 11) }).db;
    before.exec(`
      INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x');
      INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count, created_at, updated_at, fetched_at)
        VALUES ('c', 'p', 'P', 'UTC', 'imperial', 1, 'x', 'x', 'x');
      INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
        VALUES ('c', 'p', 'w', 'W', 'w', 'producer', 'active', 'x', 'x');`);
    before.exec(fit('oil', 'edited', 812.123456789012, '02'));
    before.exec(fit('gas', 'fitted', 1500, '06'));
    before.close();

    const after = openCache(file).db;
    try {
      expect(
        after
          .prepare('SELECT stream, origin, qi, window_chosen FROM decline_fits ORDER BY stream')
          .all(),
      ).toEqual([
        { stream: 'gas', origin: 'fitted', qi: 1500, window_chosen: 0 },
        { stream: 'oil', origin: 'edited', qi: 812.123456789012, window_chosen: 1 },
      ]);
      const history = after
        .prepare(
          `SELECT stream, source, recorded_at, restored_from, qi, di, window_chosen, saved_at
           FROM decline_fit_history ORDER BY stream`,
        )
        .all();
      expect(history).toEqual([
        {
          stream: 'gas',
          source: 'before-history',
          recorded_at: '2024-04-06T00:00:00.000Z',
          restored_from: null,
          qi: 1500,
          di: 0.512345678901234,
          window_chosen: 0,
          saved_at: '2024-04-06T00:00:00.000Z',
        },
        {
          stream: 'oil',
          source: 'manual-edit',
          recorded_at: '2024-04-02T00:00:00.000Z',
          restored_from: null,
          qi: 812.123456789012,
          di: 0.512345678901234,
          window_chosen: 1,
          saved_at: '2024-04-02T00:00:00.000Z',
        },
      ]);
      expect(() => after.exec("UPDATE decline_fit_history SET source = 'someone'")).toThrow(
        /CHECK/,
      );
      // Deleting the current fit leaves its history; the well's going takes both.
      after.exec("DELETE FROM decline_fits WHERE stream = 'oil'");
      expect(after.prepare('SELECT count(*) FROM decline_fit_history').pluck().get()).toBe(2);
      after.exec("DELETE FROM wells WHERE id = 'w'");
      expect(after.prepare('SELECT count(*) FROM decline_fit_history').pluck().get()).toBe(0);
    } finally {
      after.close();
    }
  });
});
