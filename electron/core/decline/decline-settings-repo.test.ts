import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeclineSettings } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';
import { openCache } from '../cache/open-cache.js';
import {
  DeclineSettingsRepo,
  defaultSettings,
  toSettingsView,
  toStoredSettings,
} from './decline-settings-repo.js';

/** A project's decline settings saved in the cache and read back as they were typed. */

let dir: string;
let db: CacheDb;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-decline-settings-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.exec(`INSERT INTO connections (id, name, base_url, kind, created_at)
    VALUES ('c', 'Acme', 'https://a/api/v1', 'organisation', 'x')`);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the decline settings repository', () => {
  it('reads the defaults, with the 50-year cap, for a project never saved', () => {
    const repo = new DeclineSettingsRepo(db);
    expect(toSettingsView(repo.get('c', 'p', 'metric'), 'metric')).toEqual(
      defaultSettings('metric'),
    );
    expect(defaultSettings('imperial').maxYears).toBe(50);
  });

  it('keeps the cap as typed, whole or not, beside limits in the project’s units', () => {
    const repo = new DeclineSettingsRepo(db);
    const settings: DeclineSettings = {
      model: 'exponential',
      dMinEffectivePercent: 8,
      economicLimit: { oil: 0.7, gas: 1.3, water: 0.1 },
      endDate: null,
      maxYears: 12.5,
    };
    repo.save('c', 'p', toStoredSettings(settings, 'metric'), '2026-11-28T00:00:00.000Z');
    const stored = repo.get('c', 'p', 'metric');
    expect(stored.maxYears).toBe(12.5);
    expect(toSettingsView(stored, 'metric')).toEqual(settings);

    // Saving again replaces the cap; another project keeps its own.
    repo.save('c', 'p', { ...stored, maxYears: 30 }, '2026-11-28T00:01:00.000Z');
    expect(repo.get('c', 'p', 'metric').maxYears).toBe(30);
    expect(repo.get('c', 'other', 'metric').maxYears).toBe(50);
  });
});
