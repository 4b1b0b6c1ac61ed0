import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { CoverageRepo } from '#core/cache/coverage-repo.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { CacheDb } from '#core/cache/migrate.js';
import { openCache } from '#core/cache/open-cache.js';
import { ProductionRepo, type StoredRow } from '#core/cache/production-repo.js';
import { config } from './config.js';
import { fmt, verdict, type Report } from './report.js';

/**
 * Filling the cache with production rows, the way a download writes them:
 * per well, ProductionRepo.replaceRange and the coverage in one transaction.
 * Beside it, in the same run, a raw better-sqlite3 INSERT of the same rows
 * into the same table of a second cache file (same migration, so the same
 * schema, indexes and pragmas: WAL, synchronous=FULL, foreign keys), also one
 * transaction per well. The ratio is what the cache's own path costs. Goal ≥ 0.7.
 */

const DAYS = 7_300;
const FROM = '2005-01-01';
const GOAL = 0.7;
const CONNECTION = 'con_bench';
const PROJECT = 'prj_bench';

interface Round {
  repo: number;
  raw: number;
}

export function runFillBenchmark(report: Report): void {
  const total = config.fill.rows;
  const rows = syntheticRows(DAYS);
  const wells = Math.ceil(total / DAYS);
  const rowsOfWell = (w: number) => (w < wells - 1 ? rows : rows.slice(0, total - DAYS * w));
  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-fill-'));
  const rounds: Round[] = [];
  try {
    for (let round = 0; round < config.fill.rounds; round++) {
      const raw = fill(join(dir, `raw-${round}.db`), wells, (db) => {
        // The bare insert: the packed store's triggers (migration 10) stand aside, as they
        // do for ProductionRepo, which repacks what it writes itself.
        db.prepare('INSERT INTO production_packed_writer (busy) VALUES (1)').run();
        const insert = db.prepare(
          `INSERT INTO production (connection_id, well_id, date, ${PRODUCTION_FIELDS.join(', ')})
           VALUES (?, ?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')})`,
        );
        return (wellId) => {
          const chunk = rowsOfWell(Number(wellId.slice(4)));
          db.transaction(() => {
            for (const row of chunk) insert.run(CONNECTION, wellId, ...row);
          }).immediate();
        };
      });
      const repo = fill(join(dir, `repo-${round}.db`), wells, (db) => {
        const production = new ProductionRepo(db);
        const coverage = new CoverageRepo(db);
        const at = new Date().toISOString();
        return (wellId) => {
          const chunk = rowsOfWell(Number(wellId.slice(4)));
          const range = { from: FROM, to: chunk.at(-1)![0] };
          db.transaction(() => {
            production.replaceRange(CONNECTION, wellId, range, chunk);
            coverage.add(CONNECTION, wellId, range, at);
          }).immediate();
        };
      });
      rounds.push({ raw: total / (raw / 1000), repo: total / (repo / 1000) });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const best = {
    repo: Math.max(...rounds.map((r) => r.repo)),
    raw: Math.max(...rounds.map((r) => r.raw)),
  };
  const ratio = best.repo / best.raw;
  report.row({
    benchmark: `Fill the cache: ${fmt.count(total)} rows (ProductionRepo)`,
    result: fmt.rate(best.repo),
    reference: `raw insert ${fmt.rate(best.raw)}; ratio ${ratio.toFixed(2)}`,
    goal: `≥ ${GOAL}`,
    verdict: verdict(ratio >= GOAL),
  });
  report.record('fill', { rows: total, wells, rowsPerWell: DAYS, rounds, best, ratio });
}

/** A fresh cache file with one connection, project and `wells` wells; returns the write time in ms. */
function fill(file: string, wells: number, writer: (db: CacheDb) => (wellId: string) => void) {
  const { db } = openCache(file);
  try {
    seedParents(db, wells);
    const write = writer(db);
    const started = performance.now();
    for (let w = 0; w < wells; w++) write(wellId(w));
    const ms = performance.now() - started;
    const count = db.prepare('SELECT COUNT(*) FROM production').pluck().get() as number;
    if (count !== config.fill.rows) throw new Error(`wrote ${count} rows, not ${config.fill.rows}`);
    return ms;
  } finally {
    db.close();
  }
}

const wellId = (w: number) => `wel_${w}`;

function seedParents(db: CacheDb, wells: number): void {
  const at = new Date().toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO connections (id, name, base_url, kind, created_at)
       VALUES (?, 'Bench', 'http://127.0.0.1:1/api/v1', 'organisation', ?)`,
    ).run(CONNECTION, at);
    db.prepare(
      `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
         created_at, updated_at, fetched_at)
       VALUES (?, ?, 'Bench', 'UTC', 'imperial', ?, ?, ?, ?)`,
    ).run(CONNECTION, PROJECT, wells, at, at, at);
    const well = db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, ?, ?, ?, ?, 'producer', 'active', ?, ?)`,
    );
    for (let w = 0; w < wells; w++) {
      well.run(CONNECTION, PROJECT, wellId(w), `Bench ${w}H`, `bench ${w}h`, at, at);
    }
  }).immediate();
}

/** Every field set, as a demo or SCADA history has them. */
function syntheticRows(days: number): StoredRow[] {
  const rows: StoredRow[] = [];
  for (let day = 0; day < days; day++) {
    const row: StoredRow = [addDays(FROM, day)];
    for (let f = 0; f < PRODUCTION_FIELDS.length; f++) {
      row.push(Math.round(500 * (0.5 + 0.5 * Math.sin(day / 97 + f)) * 100) / 100);
    }
    rows.push(row);
  }
  return rows;
}
