import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** Migration 7: a table of dismissed quality findings, added beside what was there. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-dismissed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const CONNECTION = `INSERT INTO connections (id, name, base_url, kind, created_at)
  VALUES ('c1', 'Acme', 'https://a/api/v1', 'organisation', 'x')`;
const DISMISS = `INSERT INTO quality_dismissed (connection_id, project_id, finding_key, dismissed_at)
  VALUES ('c1', 'p1', ?, '2025-07-01T00:00:00.000Z')`;

describe('cache migration 7 (quality-dismissed)', () => {
  it('keeps the data before it, keeps one row per finding, and goes with its connection', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id < 7) }).db;
    before.prepare(CONNECTION).run();
    expect(() => before.prepare(DISMISS).run('k')).toThrow(/no such table/);
    before.close();

    const after = openCache(file).db;
    try {
      expect(after.prepare('SELECT id, name FROM connections').all()).toEqual([
        { id: 'c1', name: 'Acme' },
      ]);
      after.prepare(DISMISS).run('spike|w1|2025-03-20|2025-03-20|oil_rate');
      expect(() => after.prepare(DISMISS).run('spike|w1|2025-03-20|2025-03-20|oil_rate')).toThrow(
        /UNIQUE/,
      );
      after.prepare("DELETE FROM connections WHERE id = 'c1'").run();
      expect(after.prepare('SELECT COUNT(*) FROM quality_dismissed').pluck().get()).toBe(0);
    } finally {
      after.close();
    }
  });
});
