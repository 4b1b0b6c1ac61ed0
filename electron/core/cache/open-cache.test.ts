import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/** A cache file that is not ours, or not readable, is moved aside and never used. */

let dir: string;
let file: string;
const at = new Date('2026-03-01T10:00:00.000Z');
const now = () => at;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-cache-'));
  file = join(dir, 'cache.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tables(db: Database.Database): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

describe('openCache', () => {
  it('creates the schema with durable settings, and reopens it as it is', () => {
    const { db, report } = openCache(file, { now });
    expect(report.movedAside).toBeNull();
    expect(tables(db)).toEqual([
      'cache_migrations',
      'change_log',
      'connections',
      'coverage',
      'coverage_widest',
      'decline_fit_history',
      'decline_fits',
      'decline_settings',
      'event_categories',
      'import_mappings',
      'outbox',
      'outbox_records',
      'production',
      'production_latest',
      'production_packed',
      'production_packed_dirty',
      'production_packed_wells',
      'production_packed_writer',
      'production_versions',
      'projects',
      'quality_dismissed',
      'quality_settings',
      'replica_projects',
      'replica_settings',
      'sync_log',
      'well_events',
      'well_screening',
      'wells',
    ]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.prepare(
      "INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c1', 'Acme', 'https://a/api/v1', 'organisation', 'x')",
    ).run();
    db.close();

    const again = openCache(file, { now });
    expect(again.report.movedAside).toBeNull();
    expect(again.db.prepare('SELECT name FROM connections').pluck().all()).toEqual(['Acme']);
    expect(again.db.prepare('SELECT id FROM cache_migrations').pluck().all()).toEqual(
      CACHE_MIGRATIONS.map((migration) => migration.id),
    );
    again.db.close();
  });

  it('moves a file that is not SQLite aside, keeps it, and starts fresh', () => {
    writeFileSync(file, 'this is not a database, it is a shopping list\n'.repeat(200));
    writeFileSync(`${file}-wal`, 'and neither is this');
    const { db, report } = openCache(file, { now });
    expect(report.movedAside?.movedTo).toBe(`${file}.unusable-2026-03-01T10-00-00-000Z`);
    expect(report.movedAside?.reason).toMatch(/not a readable SQLite database \(SQLITE_NOTADB/);
    expect(readFileSync(report.movedAside!.movedTo, 'utf8')).toContain('shopping list');
    expect(readFileSync(`${report.movedAside!.movedTo}-wal`, 'utf8')).toBe('and neither is this');
    expect(tables(db)).toContain('connections');
    // The message is kept in the new cache's log too.
    expect(db.prepare('SELECT kind, message FROM sync_log').all()).toEqual([
      { kind: 'cache-moved-aside', message: report.movedAside?.reason },
    ]);
    db.close();
  });

  it('moves another application’s SQLite database aside, untouched', () => {
    const foreign = new Database(file);
    foreign.exec(
      'CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)',
    );
    foreign.close();
    const { db, report } = openCache(file, { now });
    expect(report.movedAside?.reason).toMatch(
      /another application \(application_id 0; tables invoices\)/,
    );
    const kept = new Database(report.movedAside!.movedTo, { readonly: true });
    expect(kept.prepare('SELECT total FROM invoices').pluck().get()).toBe(9.5);
    kept.close();
    expect(tables(db)).not.toContain('invoices');
    db.close();
  });

  it('moves a cache written by a newer Flowline aside rather than guess at its schema', () => {
    openCache(file, { now }).db.close();
    const newer = new Database(file);
    newer.prepare("INSERT INTO cache_migrations VALUES (99, 'from the future', 'x')").run();
    newer.close();
    const { db, report } = openCache(file, { now, migrations: CACHE_MIGRATIONS });
    expect(report.movedAside?.reason).toMatch(/newer version of Flowline \(cache schema 99/);
    db.close();
  });

  it('moves a damaged cache aside', () => {
    const { db } = openCache(file, { now });
    db.exec(
      'CREATE TABLE filler (x TEXT); INSERT INTO filler SELECT hex(randomblob(500)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n)',
    );
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 8192, 65536); // scribble over pages 3–16
    writeFileSync(file, bytes);
    const reopened = openCache(file, { now });
    expect(reopened.report.movedAside?.reason).toMatch(/damaged|not a readable SQLite database/);
    expect(existsSync(reopened.report.movedAside!.movedTo)).toBe(true);
    expect(
      readdirSync(dir).filter((name) => /^cache\.db\.unusable-[^-]+.*Z$/.test(name)),
    ).toHaveLength(1);
    reopened.db.close();
  });
});
