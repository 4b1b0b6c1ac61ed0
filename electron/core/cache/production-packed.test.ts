import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays, isoFromEpochDay } from '#shared/dates/iso-day.js';
import type { CacheDb } from './migrate.js';
import { openCache } from './open-cache.js';
import type { PackedDaily } from './production-packed.js';
import { ProductionRepo, type StoredRow } from './production-repo.js';

/**
 * The packed years (migration 10) must read exactly as the rows do, whatever wrote the
 * rows: ProductionRepo (fills, downloads, the sync's re-reads: its only write), raw SQL
 * behind its back (the triggers' job), a well deleted with its rows and cached again.
 * Days, values and nulls are compared exactly; the queued edits' states come from the
 * outbox, not from these rows (production-columns.test.ts holds the view to
 * production-get's, states included).
 */

const CONNECTION = 'con_1';
const WELLS = ['wel_a', 'wel_b'];
const START = '2023-11-01'; // spans cross new year's days
const SPAN_DAYS = 800;
const AT = '2026-01-01T00:00:00.000Z';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-packed-'));
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
  for (const id of WELLS) addWell(db, id);
}

function addWell(db: CacheDb, id: string): void {
  db.prepare(
    `INSERT OR IGNORE INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
     VALUES (?, 'prj_1', ?, ?, ?, 'producer', 'active', ?, ?)`,
  ).run(CONNECTION, id, id, id, AT, AT);
}

/** The truth: the row table, read plainly. */
function rowsRead(db: CacheDb, well: string, from: string, to: string) {
  const rows = db
    .prepare(
      `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production
       WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
    )
    .raw()
    .all(CONNECTION, well, from, to) as StoredRow[];
  return {
    dates: rows.map((row) => row[0]),
    columns: PRODUCTION_FIELDS.map((_, f) => rows.map((row) => row[f + 1] ?? null)),
  };
}

function packedAsRows(packed: PackedDaily) {
  return {
    dates: Array.from(packed.days, (day) => isoFromEpochDay(day)),
    columns: packed.columns.map((column) =>
      Array.from(column, (value) => (Number.isNaN(value) ? null : value)),
    ),
  };
}

const value = fc.oneof(
  fc.constant(null),
  fc.constant(0),
  fc.constant(-0),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
);
const rowAt = (offset: number) =>
  fc
    .array(value, { minLength: PRODUCTION_FIELDS.length, maxLength: PRODUCTION_FIELDS.length })
    .map((values): StoredRow => [addDays(START, offset), ...values]);

const range = fc
  .record({
    start: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
    length: fc.integer({ min: 1, max: 500 }),
  })
  .map(({ start, length }) => ({
    from: addDays(START, start - 30),
    to: addDays(START, Math.min(start + length - 1, SPAN_DAYS + 30)),
  }));

type Op =
  | { kind: 'replace'; well: string; from: number; length: number; rows: StoredRow[] }
  | { kind: 'raw-insert'; well: string; row: StoredRow }
  | { kind: 'raw-update'; well: string; offset: number; value: number | null }
  | { kind: 'raw-delete'; well: string; from: number; length: number }
  | { kind: 'delete-well'; well: string }
  | { kind: 'read'; well: string; range: { from: string; to: string } };

const well = fc.constantFrom(...WELLS);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        well,
        from: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        length: fc.integer({ min: 1, max: 400 }),
      })
      .chain(({ well, from, length }) => {
        const offsets = Array.from({ length }, (_, i) => from + i);
        return fc
          .subarray(offsets, { maxLength: Math.min(60, offsets.length) })
          .chain((kept) => fc.tuple(...kept.map(rowAt)))
          .map((rows): Op => ({ kind: 'replace', well, from, length, rows: rows as StoredRow[] }));
      }),
  },
  {
    // Whole years written: packed from the rows written, without reading them back.
    weight: 2,
    arbitrary: fc
      .record({
        well,
        from: fc.integer({ min: 0, max: 70 }),
        length: fc.integer({ min: 366, max: SPAN_DAYS - 70 }),
      })
      .chain(({ well, from, length }) => {
        const offsets = Array.from({ length }, (_, i) => from + i);
        return fc
          .subarray(offsets, { maxLength: 80 })
          .chain((kept) => fc.tuple(...kept.map(rowAt)))
          .map((rows): Op => ({ kind: 'replace', well, from, length, rows: rows as StoredRow[] }));
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ well, offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }) })
      .chain(({ well, offset }) =>
        rowAt(offset).map((row): Op => ({ kind: 'raw-insert', well, row })),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw-update' as const),
      well,
      offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
      value,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw-delete' as const),
      well,
      from: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
      length: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-well' as const), well }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), well, range }) },
);

function apply(db: CacheDb, repo: ProductionRepo, step: Op): void {
  switch (step.kind) {
    case 'replace': {
      addWell(db, step.well);
      const span = {
        from: addDays(START, step.from),
        to: addDays(START, step.from + step.length - 1),
      };
      db.transaction(() => repo.replaceRange(CONNECTION, step.well, span, step.rows))();
      return;
    }
    case 'raw-insert':
      addWell(db, step.well);
      db.prepare(
        `INSERT INTO production (connection_id, well_id, date, ${PRODUCTION_FIELDS.join(', ')})
         VALUES (?, ?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')})
         ON CONFLICT (connection_id, well_id, date) DO UPDATE SET oil_rate = excluded.oil_rate`,
      ).run(CONNECTION, step.well, ...step.row);
      return;
    case 'raw-update':
      db.prepare(
        'UPDATE production SET gas_rate = ? WHERE connection_id = ? AND well_id = ? AND date = ?',
      ).run(step.value, CONNECTION, step.well, addDays(START, step.offset));
      return;
    case 'raw-delete':
      db.prepare(
        'DELETE FROM production WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ?',
      ).run(
        CONNECTION,
        step.well,
        addDays(START, step.from),
        addDays(START, step.from + step.length - 1),
      );
      return;
    case 'delete-well':
      db.prepare('DELETE FROM wells WHERE connection_id = ? AND id = ?').run(CONNECTION, step.well);
      return;
    case 'read':
      expectSame(db, repo, step.well, step.range);
  }
}

function expectSame(
  db: CacheDb,
  repo: ProductionRepo,
  well: string,
  r: { from: string; to: string },
) {
  const truth = rowsRead(db, well, r.from, r.to);
  expect(packedAsRows(repo.readPacked(CONNECTION, well, r))).toEqual(truth);
}

describe('the packed production store', () => {
  it('reads exactly as the row table after any sequence of writes and deletions', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      db.pragma('synchronous = OFF'); // many small transactions; durability is not tested here
      const repo = new ProductionRepo(db);
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 20 }), range, (ops, last) => {
          db.exec('DELETE FROM wells');
          for (const id of WELLS) addWell(db, id);
          for (const step of ops) apply(db, repo, step);
          for (const id of WELLS) {
            expectSame(db, repo, id, last);
            expectSame(db, repo, id, { from: '1900-01-01', to: '2100-12-31' });
          }
        }),
        { numRuns: 150 },
      );
    } finally {
      db.close();
    }
  });

  it('keeps the years current inside the write, so a read finds nothing to repack', () => {
    const { db } = openCache(join(dir, 'cache.db'));
    try {
      seed(db);
      const repo = new ProductionRepo(db);
      const all = { from: '1900-01-01', to: '2100-12-31' };
      repo.readPacked(CONNECTION, 'wel_a', all); // packs the (empty) well
      const row: StoredRow = ['2024-12-31', 5, null, 0, 1, 1, 1, 24, null, 0];
      const next: StoredRow = ['2025-01-01', 6, 1, 2, 3, 4, 5, 6, 7, 8];
      db.transaction(() =>
        repo.replaceRange(CONNECTION, 'wel_a', { from: '2024-12-01', to: '2025-01-31' }, [
          row,
          next,
        ]),
      )();
      expect(db.prepare('SELECT count(*) FROM production_packed_dirty').pluck().get()).toBe(0);
      expect(
        db.prepare('SELECT year, row_count FROM production_packed ORDER BY year').raw().all(),
      ).toEqual([
        [2024, 1],
        [2025, 1],
      ]);
      // A write rolled back leaves the packed years as they were.
      expect(() =>
        db.transaction(() => {
          repo.replaceRange(CONNECTION, 'wel_a', { from: '2025-01-01', to: '2025-01-31' }, []);
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      expectSame(db, repo, 'wel_a', all);
      // The well goes, and its packed years with it.
      db.prepare("DELETE FROM wells WHERE id = 'wel_a'").run();
      expect(db.prepare('SELECT count(*) FROM production_packed').pluck().get()).toBe(0);
      expect(db.prepare('SELECT count(*) FROM production_packed_wells').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('reads from the rows, never a stale year, when the cache cannot be written', () => {
    const file = join(dir, 'cache.db');
    const { db } = openCache(file);
    seed(db);
    const repo = new ProductionRepo(db);
    const all = { from: '1900-01-01', to: '2100-12-31' };
    db.transaction(() =>
      repo.replaceRange(CONNECTION, 'wel_a', all, [['2024-01-01', 1, 2, 3, 4, 5, 6, 7, 8, 9]]),
    )();
    repo.readPacked(CONNECTION, 'wel_a', all);
    // Behind the store's back: the year is marked dirty by the trigger.
    db.prepare("UPDATE production SET oil_rate = 42 WHERE well_id = 'wel_a'").run();
    db.pragma('query_only = ON');
    try {
      const read = repo.readPacked(CONNECTION, 'wel_a', all);
      expect(read.columns[0]?.[0]).toBe(42);
      expect(packedAsRows(read)).toEqual(rowsRead(db, 'wel_a', all.from, all.to));
    } finally {
      db.pragma('query_only = OFF');
      db.close();
    }
  });
});
