import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoverageRepo } from './coverage-repo.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { CacheDb } from './migrate.js';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';

/**
 * coverage_widest must always hold each well's widest coverage interval (of
 * two equally wide, the more recent): after any sequence of CoverageRepo.add,
 * after migration 2 on a cache that already had coverage, and after a well is
 * removed.
 */

const CONNECTION = 'con_1';
const WELLS = ['wel_a', 'wel_b'];
const START = '2024-01-01';
const AT = '2026-01-01T00:00:00.000Z';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-widest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function seed(db: CacheDb): void {
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, AT);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 2, ?, ?, ?)`,
  ).run(CONNECTION, AT, AT, AT);
  for (const id of WELLS) {
    db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, 'prj_1', ?, ?, ?, 'producer', 'active', ?, ?)`,
    ).run(CONNECTION, id, id, id, AT, AT);
  }
}

const days = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The rule, computed in JavaScript from all of coverage. */
function expected(db: CacheDb): unknown[] {
  const intervals = db
    .prepare('SELECT well_id, from_date, to_date FROM coverage ORDER BY well_id, from_date')
    .all() as Array<{ well_id: string; from_date: string; to_date: string }>;
  const best = new Map<string, (typeof intervals)[number]>();
  for (const interval of intervals) {
    const current = best.get(interval.well_id);
    const wider =
      !current ||
      days(interval.from_date, interval.to_date) > days(current.from_date, current.to_date) ||
      (days(interval.from_date, interval.to_date) === days(current.from_date, current.to_date) &&
        interval.from_date > current.from_date);
    if (wider) best.set(interval.well_id, interval);
  }
  return [...best.values()];
}

function widest(db: CacheDb): unknown[] {
  return db
    .prepare('SELECT well_id, from_date, to_date FROM coverage_widest ORDER BY well_id')
    .all();
}

const add = fc.record({
  well: fc.constantFrom(...WELLS),
  start: fc.integer({ min: 0, max: 60 }),
  length: fc.integer({ min: 1, max: 12 }),
});

describe('coverage_widest', () => {
  it('holds the widest interval, ties to the most recent, after every add', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      db.pragma('synchronous = OFF'); // many small transactions; durability is not tested here
      const repo = new CoverageRepo(db);
      fc.assert(
        fc.property(fc.array(add, { minLength: 1, maxLength: 12 }), (adds) => {
          db.exec('DELETE FROM coverage; DELETE FROM coverage_widest');
          for (const { well, start, length } of adds) {
            const range = { from: addDays(START, start), to: addDays(START, start + length - 1) };
            db.transaction(() => repo.add(CONNECTION, well, range, AT))();
            expect(widest(db)).toEqual(expected(db));
          }
        }),
        { numRuns: 300 },
      );
    } finally {
      db.close();
    }
  });

  it('is filled by migration 2 from a cache that already had coverage', () => {
    const file = join(dir, 'cache.db');
    const old = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id === 1) }).db;
    seed(old);
    const insert = old.prepare(
      `INSERT INTO coverage (connection_id, well_id, from_date, to_date, fetched_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
    // wel_a: two equally wide intervals (the later counts) and a narrower one.
    insert.run(CONNECTION, 'wel_a', '2024-01-01', '2024-01-10', AT);
    insert.run(CONNECTION, 'wel_a', '2024-03-01', '2024-03-03', AT);
    insert.run(CONNECTION, 'wel_a', '2024-05-01', '2024-05-10', AT);
    old.close();

    const { db } = openCache(file);
    try {
      expect(widest(db)).toEqual([
        { well_id: 'wel_a', from_date: '2024-05-01', to_date: '2024-05-10' },
      ]);
      expect(widest(db)).toEqual(expected(db));
    } finally {
      db.close();
    }
  });

  it('leaves with its well', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      new CoverageRepo(db).add(CONNECTION, 'wel_a', { from: START, to: START }, AT);
      expect(widest(db)).toHaveLength(1);
      db.prepare("DELETE FROM wells WHERE id = 'wel_a'").run();
      expect(widest(db)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
