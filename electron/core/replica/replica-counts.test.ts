import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { REPLICA_RECENT_DAYS } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { CacheDb } from '../cache/migrate.js';
import { CoverageRepo } from '../cache/coverage-repo.js';
import { openCache } from '../cache/open-cache.js';
import { ProductionRepo, type StoredRow } from '../cache/production-repo.js';
import { ReplicaCountsQuery } from './replica-counts.js';

/**
 * The replica's days and bytes are held per well and recounted only for wells written or
 * packed since the last count: after any sequence of writes (new days, replaced ranges,
 * emptied wells), reads that pack years, and counts between them, they equal a walk of every
 * row of the project.
 */

const CONNECTION = 'con_1';
const WELLS = ['wel_a', 'wel_b', 'wel_c'];
/** The replication's last day, and the first it keeps (a storage budget's cut). */
const TARGET = '2024-06-30';
const START = addDays(TARGET, -150);
const KEPT_FROM = addDays(START, 10);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-replica-counts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function seed(db: CacheDb): void {
  const at = '2026-01-01T00:00:00.000Z';
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, at);
  for (const project of ['prj_1', 'prj_2']) {
    db.prepare(
      `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
         created_at, updated_at, fetched_at) VALUES (?, ?, 'P', 'UTC', 'imperial', 2, ?, ?, ?)`,
    ).run(CONNECTION, project, at, at, at);
  }
  // wel_c is another project's: never counted in prj_1.
  for (const id of WELLS) {
    db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, ?, ?, ?, ?, 'producer', 'active', ?, ?)`,
    ).run(CONNECTION, id === 'wel_c' ? 'prj_2' : 'prj_1', id, id, id, at, at);
  }
}

/** The wells of prj_1 that one interval holds from `from` to TARGET, by brute force. */
function covering(db: CacheDb, from: string): number {
  return db
    .prepare(
      `SELECT count(DISTINCT c.well_id) FROM coverage c JOIN wells w ON w.id = c.well_id
       WHERE w.project_id = 'prj_1' AND c.from_date <= ? AND c.to_date >= ?`,
    )
    .pluck()
    .get(from, TARGET) as number;
}

function walk(db: CacheDb) {
  const where = `JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
                 WHERE w.project_id = 'prj_1'`;
  return {
    days: db.prepare(`SELECT count(*) FROM production p ${where}`).pluck().get(),
    packedBytes: db
      .prepare(`SELECT coalesce(sum(length(p.body)), 0) FROM production_packed p ${where}`)
      .pluck()
      .get(),
  };
}

const write = fc.record({
  well: fc.constantFrom(...WELLS),
  from: fc.integer({ min: 0, max: 60 }),
  span: fc.integer({ min: 0, max: 200 }),
  // Rows kept of the range (the rest the server no longer has), and whether the well is read.
  keepEvery: fc.integer({ min: 1, max: 4 }),
  read: fc.boolean(),
  count: fc.boolean(),
});

describe('replica counts', () => {
  it('equal a walk of every row after any writes, however often they are counted', () => {
    let run = 0;
    fc.assert(
      fc.property(fc.array(write, { maxLength: 25 }), (writes) => {
        const { db } = openCache(join(dir, `cache-${run++}.db`));
        try {
          seed(db);
          const production = new ProductionRepo(db);
          const coverage = new CoverageRepo(db);
          const counts = new ReplicaCountsQuery(db, production, coverage);
          for (const step of writes) {
            const range = {
              from: addDays(START, step.from),
              to: addDays(START, step.from + step.span),
            };
            const rows: StoredRow[] = [];
            for (let day = 0; day <= step.span; day += step.keepEvery) {
              rows.push([addDays(range.from, day), ...PRODUCTION_FIELDS.map(() => day * 1.5)]);
            }
            db.transaction(() => {
              production.replaceRange(CONNECTION, step.well, range, rows);
              coverage.add(CONNECTION, step.well, range, '2026-01-01T00:00:00.000Z');
            })();
            // A read packs the well's years (the copy whose bytes are counted).
            if (step.read) production.readPacked(CONNECTION, step.well, range);
            if (step.count) {
              const counted = counts.get(CONNECTION, 'prj_1', TARGET, KEPT_FROM);
              expect({ days: counted.days, packedBytes: counted.packedBytes }).toEqual(walk(db));
              expect([counted.wellsRecent, counted.wellsComplete]).toEqual([
                covering(db, addDays(TARGET, -(REPLICA_RECENT_DAYS - 1))),
                covering(db, KEPT_FROM),
              ]);
            }
          }
          const counted = counts.get(CONNECTION, 'prj_1', null, null);
          expect({ days: counted.days, packedBytes: counted.packedBytes }).toEqual(walk(db));
          expect(counted.wellsTotal).toBe(2);
        } finally {
          db.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('lets progress reuse a count of covering wells for a while; any other caller counts again', () => {
    const { db } = openCache(join(dir, 'cache-stale.db'));
    try {
      seed(db);
      const production = new ProductionRepo(db);
      const coverage = new CoverageRepo(db);
      const counts = new ReplicaCountsQuery(db, production, coverage);
      const whole = { from: START, to: TARGET };
      const at = '2026-01-01T00:00:00.000Z';
      coverage.add(CONNECTION, 'wel_a', whole, at);
      expect(counts.get(CONNECTION, 'prj_1', TARGET, START).wellsComplete).toBe(1);
      coverage.add(CONNECTION, 'wel_b', whole, at);
      // Progress within its minute sees the count it had; an exact caller sees both wells.
      expect(counts.get(CONNECTION, 'prj_1', TARGET, START, 60_000).wellsComplete).toBe(1);
      expect(counts.get(CONNECTION, 'prj_1', TARGET, START).wellsComplete).toBe(2);
      expect(counts.get(CONNECTION, 'prj_1', TARGET, START, 60_000).wellsComplete).toBe(2);
    } finally {
      db.close();
    }
  });
});
