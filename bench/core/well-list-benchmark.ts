import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WellSortColumn } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { CacheDb } from '#core/cache/migrate.js';
import { backfill } from '#core/cache/migrations/0002-well-summaries.js';
import { openCache } from '#core/cache/open-cache.js';
import { ProjectsRepo } from '#core/cache/projects-repo.js';
import { WellsRepo } from '#core/cache/wells-repo.js';
import { wellViewer } from '#core/units/well-units.js';
import { config } from './config.js';
import { fmt, median, verdict, type Report } from './report.js';

/**
 * The wells table of a 20,000-well project whose wells each have 3 years of
 * cached daily production (21.9 M rows): one window (offset 0, limit 200) as
 * wells-list reads it — WellsRepo.query (the window, its latest producing
 * days and widest coverage intervals joined from migration 2's summaries, and
 * the two counts) and the views built in the project's units (metric, so
 * every rate is converted). The handler adds argument validation and one
 * outbox lookup. Goals: sorted by name < 20 ms; sorted by a latest-production
 * column < 150 ms. For reference: the same window half-way down the list, a
 * sort on an older column (spud date), the whole list unwindowed (what an
 * offline download lists), projects-list's offline summary, and migration 2's
 * backfill over the whole cache (what upgrading such a cache costs, once).
 *
 * Production is generated in SQL (a JavaScript insert loop would take minutes
 * for 21.9 M rows); 10% of the wells end with shut-in days, 3% never produced
 * (zero rates: the backfill's worst case, a scan of every row), 2% have none;
 * every tenth well has a second, shorter coverage interval.
 */

const CONNECTION = 'con_bench';
const PROJECT = 'prj_bench';
const TO = '2025-06-30';
const WINDOW = 200;
const GOALS = { name: 20, latest: 150 };
const WARMUP = 3;
const WELLS_PER_TRANSACTION = 500;

const SORTS: Array<{ column: WellSortColumn; direction: 'asc' | 'desc'; goal: number | null }> = [
  { column: 'name', direction: 'asc', goal: GOALS.name },
  { column: 'latestOilRate', direction: 'desc', goal: GOALS.latest },
  { column: 'latestOilRate', direction: 'asc', goal: GOALS.latest },
  { column: 'lastProductionDate', direction: 'desc', goal: GOALS.latest },
  { column: 'latestWaterRate', direction: 'desc', goal: GOALS.latest },
  { column: 'spudDate', direction: 'asc', goal: null },
];

export function runWellListBenchmark(report: Report): void {
  const { wells, days, repeats } = config.wellList;
  const from = addDays(TO, 1 - days);
  const dir = mkdtempSync(join(tmpdir(), 'flowline-bench-wells-'));
  const { db } = openCache(join(dir, 'cache.db'));
  try {
    const fillMs = fill(db, wells, from);
    db.exec('DELETE FROM production_latest; DELETE FROM coverage_widest');
    const backfillStarted = performance.now();
    db.exec(backfill);
    const backfillMs = performance.now() - backfillStarted;
    const rows = db.prepare('SELECT COUNT(*) FROM production').pluck().get() as number;
    const latest = db.prepare('SELECT COUNT(*) FROM production_latest').pluck().get() as number;
    const producing = Array.from({ length: wells }, (_, w) => w % 50 !== 0 && w % 33 !== 1);
    if (latest !== producing.filter(Boolean).length) {
      throw new Error(`the backfill found ${latest} producing wells`);
    }

    const repo = new WellsRepo(db);
    const view = wellViewer('metric');
    const read = (sort: (typeof SORTS)[number], offset: number) => {
      const started = performance.now();
      const result = repo.query(CONNECTION, PROJECT, { sort, offset, limit: WINDOW });
      const views = result.rows.map((row) => view(row));
      const ms = performance.now() - started;
      if (views.length !== WINDOW || result.projectTotal !== wells) {
        throw new Error(`a window of ${views.length} of ${result.projectTotal} wells`);
      }
      return ms;
    };
    const time = (sort: (typeof SORTS)[number], offset: number) => {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + repeats; i++) times.push(read(sort, offset));
      return median(times.slice(WARMUP));
    };

    const figures: Record<string, number> = {};
    const size = `${fmt.count(wells)} wells × ${fmt.count(days)} days`;
    for (const sort of SORTS) {
      const first = time(sort, 0);
      const deep = time(sort, Math.floor(wells / 2));
      figures[`${sort.column} ${sort.direction}`] = first;
      figures[`${sort.column} ${sort.direction} (middle)`] = deep;
      report.row({
        benchmark: `wells-list window of ${WINDOW}, ${size}: ${sort.column} ${sort.direction}`,
        result: `${fmt.ms(first)} median`,
        reference: `offset ${fmt.count(wells / 2)}: ${fmt.ms(deep)}`,
        goal: sort.goal === null ? '' : `< ${sort.goal} ms`,
        verdict: sort.goal === null ? '' : verdict(first < sort.goal),
      });
    }
    const everything: number[] = [];
    for (let i = 0; i < WARMUP + Math.ceil(repeats / 4); i++) {
      const started = performance.now();
      const all = repo.query(CONNECTION, PROJECT, {}).rows.map((row) => view(row));
      everything.push(performance.now() - started);
      if (all.length !== wells) throw new Error(`the whole list has ${all.length} wells`);
    }
    figures.all = median(everything.slice(WARMUP));
    report.row({
      benchmark: `wells-list, the whole list unwindowed, ${size}`,
      result: `${fmt.ms(figures.all)} median`,
      reference: 'as an offline download lists the wells',
    });

    const projects = new ProjectsRepo(db);
    const summaries: number[] = [];
    for (let i = 0; i < WARMUP + repeats; i++) {
      const started = performance.now();
      const [project] = projects.listViews(CONNECTION);
      summaries.push(performance.now() - started);
      if (project?.offline.wellsCovered !== wells - Math.floor(wells / 50)) {
        throw new Error(`offline summary: ${JSON.stringify(project?.offline)}`);
      }
    }
    figures.projectsList = median(summaries.slice(WARMUP));
    report.row({
      benchmark: `projects-list with the offline summary, ${size}`,
      result: `${fmt.ms(figures.projectsList)} median`,
      reference: 'one aggregate query',
    });
    report.row({
      benchmark: `Migration 2 backfill (latest day, widest coverage), ${fmt.count(rows)} rows`,
      result: fmt.ms(backfillMs),
      reference: `generating the rows took ${fmt.s(fillMs)}`,
    });
    report.record('wellList', {
      wells,
      days,
      rows,
      window: WINDOW,
      repeats,
      medianMs: figures,
      backfillMs,
    });
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The project, its wells, their production and coverage; returns the time taken in ms. */
export function fill(db: CacheDb, wells: number, from: string): number {
  const started = performance.now();
  const at = new Date().toISOString();
  // Bulk generation: durability does not matter for a throw-away file.
  db.pragma('synchronous = OFF');
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Bench', 'http://127.0.0.1:1/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, at);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at, wells_fetched_at)
     VALUES (?, ?, 'Bench', 'UTC', 'metric', ?, ?, ?, ?, ?)`,
  ).run(CONNECTION, PROJECT, wells, at, at, at, at);
  db.exec(`CREATE TEMP TABLE bench_days (n INTEGER PRIMARY KEY, date TEXT NOT NULL)`);
  const day = db.prepare('INSERT INTO bench_days (n, date) VALUES (?, ?)');
  const days = config.wellList.days;
  db.transaction(() => {
    for (let n = 0; n < days; n++) day.run(n, addDays(from, n));
  })();
  const well = db.prepare(
    `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, spud_date,
       created_at, fetched_at)
     VALUES (?, ?, ?, ?, ?, 'producer', 'active', ?, ?, ?)`,
  );
  // All wells first, as a refresh of the well list writes them: their pages stay together.
  // Names in another order than ids, so the name index is not the table's order.
  db.transaction(() => {
    for (let w = 0; w < wells; w++) {
      const name = `Bench ${String((w * 7_919) % wells).padStart(5, '0')}-${w}H`;
      const spud = w % 9 === 0 ? null : addDays('2010-01-01', (w * 31) % 5_000);
      well.run(CONNECTION, PROJECT, `wel_${w}`, name, name.toLowerCase(), spud, at, at);
    }
  })();
  // w % 50 = 0: no production; w % 33 = 1: zero rates throughout; w % 10 = 2: shut in for the
  // last (w % 200) days. Rates vary with the well and the day, a few are null.
  const production = db.prepare(
    `INSERT INTO production (connection_id, well_id, date, oil_rate, gas_rate, water_rate)
     SELECT @connection, @id, date,
       CASE WHEN @w % 33 = 1 OR (@w % 10 = 2 AND n >= @days - @w % 200) THEN 0
            ELSE ((@w * 37 + n * 11) % 400) / 4.0 + 0.25 END,
       CASE WHEN @w % 33 = 1 OR (@w % 10 = 2 AND n >= @days - @w % 200) THEN 0
            ELSE ((@w * 53 + n * 7) % 900) * 1.5 END,
       CASE WHEN @w % 7 = 3 THEN NULL
            WHEN @w % 33 = 1 OR (@w % 10 = 2 AND n >= @days - @w % 200) THEN 0
            ELSE ((@w * 17 + n * 5) % 300) / 2.0 END
     FROM bench_days ORDER BY n`,
  );
  const coverage = db.prepare(
    `INSERT INTO coverage (connection_id, well_id, from_date, to_date, fetched_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  for (let first = 0; first < wells; first += WELLS_PER_TRANSACTION) {
    db.transaction(() => {
      for (let w = first; w < Math.min(wells, first + WELLS_PER_TRANSACTION); w++) {
        const id = `wel_${w}`;
        if (w % 50 === 0) continue;
        production.run({ connection: CONNECTION, id, w, days });
        coverage.run(CONNECTION, id, from, TO, at);
        if (w % 10 === 5) coverage.run(CONNECTION, id, '2020-01-01', '2020-12-31', at);
      }
    })();
  }
  db.exec('DROP TABLE bench_days');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('synchronous = FULL');
  return performance.now() - started;
}
