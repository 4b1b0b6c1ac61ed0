import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { CacheDb } from './migrate.js';
import { CACHE_MIGRATIONS } from './migrations/index.js';
import { openCache } from './open-cache.js';
import { ProductionRepo, type StoredRow } from './production-repo.js';

/**
 * production_latest must always equal what a full scan of production says:
 * after any sequence of writes through ProductionRepo, after migration 2 on a
 * cache that already held rows, and after a well is removed.
 */

const CONNECTION = 'con_1';
const WELLS = ['wel_a', 'wel_b'];
const START = '2024-01-01';
const SPAN_DAYS = 40;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-latest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function seed(db: CacheDb): void {
  const at = '2026-01-01T00:00:00.000Z';
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, at);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 2, ?, ?, ?)`,
  ).run(CONNECTION, at, at, at);
  for (const id of WELLS) {
    db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, 'prj_1', ?, ?, ?, 'producer', 'active', ?, ?)`,
    ).run(CONNECTION, id, id, id, at, at);
  }
}

/** The answer by brute force: the newest row with a rate above zero, per well. */
function expected(db: CacheDb): unknown[] {
  return db
    .prepare(
      `SELECT well_id, date, oil_rate, gas_rate, water_rate FROM production p
       WHERE (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0)
         AND date = (SELECT MAX(date) FROM production q WHERE q.connection_id = p.connection_id
           AND q.well_id = p.well_id AND (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0))
       ORDER BY well_id`,
    )
    .all();
}

function summary(db: CacheDb): unknown[] {
  return db
    .prepare(
      'SELECT well_id, date, oil_rate, gas_rate, water_rate FROM production_latest ORDER BY well_id',
    )
    .all();
}

/** A day's rates: null, zero (shut in) or a flow, each often, so every case of afterWrite is hit. */
const rate = fc.constantFrom<number | null>(null, 0, 0, 12.5, 300);
const dayRow = (offset: number) =>
  fc.tuple(rate, rate, rate).map(([oil, water, gas]): StoredRow => {
    const row: StoredRow = [addDays(START, offset)];
    for (const field of PRODUCTION_FIELDS) {
      row.push(
        field === 'oil_rate'
          ? oil
          : field === 'water_rate'
            ? water
            : field === 'gas_rate'
              ? gas
              : 1,
      );
    }
    return row;
  });

/** One write: a range of the well and a random subset of its days as the server's rows. */
const write = fc
  .record({
    well: fc.constantFrom(...WELLS),
    start: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
    length: fc.integer({ min: 1, max: 15 }),
  })
  .chain(({ well, start, length }) => {
    const offsets = Array.from({ length }, (_, i) => start + i);
    return fc
      .subarray(offsets)
      .chain((kept) => fc.tuple(...kept.map(dayRow)))
      .map((rows) => ({
        well,
        range: { from: addDays(START, start), to: addDays(START, start + length - 1) },
        rows: rows as StoredRow[],
      }));
  });

describe('production_latest', () => {
  it('equals a full scan after every write through ProductionRepo', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      db.pragma('synchronous = OFF'); // thousands of small transactions; durability is not tested here
      const repo = new ProductionRepo(db);
      fc.assert(
        fc.property(fc.array(write, { minLength: 1, maxLength: 25 }), (writes) => {
          db.exec('DELETE FROM production; DELETE FROM production_latest');
          for (const { well, range, rows } of writes) {
            db.transaction(() => repo.replaceRange(CONNECTION, well, range, rows))();
            expect(summary(db)).toEqual(expected(db));
          }
        }),
        { numRuns: 300 },
      );
    } finally {
      db.close();
    }
  });

  it('is filled by migration 2 from a cache that already held production', () => {
    const file = join(dir, 'cache.db');
    const old = openCache(file, { migrations: CACHE_MIGRATIONS.filter((m) => m.id === 1) }).db;
    seed(old);
    const insert = old.prepare(
      `INSERT INTO production (connection_id, well_id, date, oil_rate, gas_rate, water_rate)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // wel_a produced, then was shut in for its last three days; wel_b never produced.
    for (let day = 0; day < 10; day++) {
      const shutIn = day >= 7;
      insert.run(
        CONNECTION,
        'wel_a',
        addDays(START, day),
        shutIn ? 0 : 10 + day,
        shutIn ? 0 : null,
        0,
      );
      insert.run(CONNECTION, 'wel_b', addDays(START, day), 0, 0, null);
    }
    old.close();

    const { db } = openCache(file);
    try {
      expect(summary(db)).toEqual([
        { well_id: 'wel_a', date: addDays(START, 6), oil_rate: 16, gas_rate: null, water_rate: 0 },
      ]);
      expect(summary(db)).toEqual(expected(db));
    } finally {
      db.close();
    }
  });

  it('leaves with its well', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      const repo = new ProductionRepo(db);
      const row: StoredRow = [START, 5, 0, 0, 1, 1, 1, 24, null, 0];
      repo.replaceRange(CONNECTION, 'wel_a', { from: START, to: START }, [row]);
      expect(summary(db)).toHaveLength(1);
      db.prepare("DELETE FROM wells WHERE id = 'wel_a'").run();
      expect(summary(db)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
