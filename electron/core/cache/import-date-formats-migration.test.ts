import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** Migration 5: saved import mappings kept, and the month-name date formats admitted. */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-mappings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const INSERT = `INSERT INTO import_mappings
  (header_key, headers, columns, date_format, decimal_separator, name, saved_at)
  VALUES (?, '[]', '[]', ?, '.', ?, '2025-07-01T00:00:00.000Z')`;

describe('cache migration 5 (import-date-formats)', () => {
  it('keeps the mappings saved before it, and lets a mapping keep d-mon-y or mon-d-y', () => {
    const file = join(dir, 'cache.db');
    const before = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id <= 4) }).db;
    before.prepare(INSERT).run('["date","oil"]', 'mdy', 'SCADA export');
    expect(() => before.prepare(INSERT).run('["dateprd"]', 'd-mon-y', null)).toThrow(/CHECK/);
    before.close();

    const after = openCache(file).db;
    try {
      expect(
        after.prepare('SELECT header_key, date_format, name FROM import_mappings').all(),
      ).toEqual([{ header_key: '["date","oil"]', date_format: 'mdy', name: 'SCADA export' }]);
      after.prepare(INSERT).run('["dateprd"]', 'd-mon-y', 'Volve daily');
      after.prepare(INSERT).run('["well","date"]', 'mon-d-y', null);
      expect(() => after.prepare(INSERT).run('["x"]', 'yyyy', null)).toThrow(/CHECK/);
    } finally {
      after.close();
    }
  });
});
