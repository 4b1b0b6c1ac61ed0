import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DB_FILE } from '#electron/common/embedded-demo.js';
import { DEMO_USER, seedDemoIfEmpty } from '#server/demo/seed.js';
import { openDatabase, type Db } from '#server/store/database.js';
import { buildFixture, TWENTY_YEARS, WELL_COUNT } from '../server/fixture-data.js';
import { dailyRecords } from '../server/records.js';
import { ProductionRepo } from '#server/store/production-repo.js';
import { addDays, utcToday } from '#shared/dates/iso-day.js';

/** Wells (first by name, the ones on screen) given the recent days the screening columns show. */
const SCREENED_WELLS = 300;
const SCREENED_DAYS = 120;

export interface UiFixture {
  dataDir: string;
  projectId: string;
  /** A well with twenty years of daily records (7,300 days). */
  longWellId: string;
  longWellName: string;
  wellCount: number;
  longWellDays: number;
  longWellHistory: { from: string; to: string };
  /** Its API number: unique, so the benchmark can pick its row out of a search. */
  longWellApi: string;
  /** Its daily rates as stored, for the canvas reference chart drawn beside ours. */
  longWellRates: DailyRates;
}

/** Columns of one well's daily rates: epoch seconds (uPlot's x) and the three rates. */
export interface DailyRates {
  seconds: number[];
  oil: Array<number | null>;
  water: Array<number | null>;
  gas: Array<number | null>;
}

/**
 * A data folder whose embedded demo server already holds the server benchmark's
 * 20,000-well project (one of its wells with twenty years of daily data), shared with
 * the demo user, so the browser host opens it like any demo project. The demo itself
 * is seeded small: it only has to exist.
 */
export function prepareUiFixture(): UiFixture {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowline-bench-ui-'));
  const db = openDatabase(join(dataDir, DEMO_DB_FILE));
  try {
    seedDemoIfEmpty(db, { wellCounts: [3, 2, 2] });
    const fixture = buildFixture(db);
    recentProductionForFirstWells(db, fixture.projectId);
    const demoUser = db.prepare('SELECT id FROM users WHERE name = ?').pluck().get(DEMO_USER);
    db.prepare('INSERT INTO project_members (project_id, user_id) VALUES (?, ?)').run(
      fixture.projectId,
      demoUser,
    );
    const longWell = db
      .prepare('SELECT seq, name, api_number AS api FROM wells WHERE id = ?')
      .get(fixture.monthlyWellId) as { seq: number; name: string; api: string };
    db.pragma('wal_checkpoint(TRUNCATE)');
    return {
      dataDir,
      projectId: fixture.projectId,
      longWellId: fixture.monthlyWellId,
      longWellName: longWell.name,
      longWellApi: longWell.api,
      longWellRates: readDailyRates(db, longWell.seq),
      wellCount: WELL_COUNT,
      longWellDays: TWENTY_YEARS.count,
      longWellHistory: { from: TWENTY_YEARS.from, to: TWENTY_YEARS.to },
    };
  } finally {
    db.close();
  }
}

/**
 * The rates as the charts plot them: zeros and negatives become gaps, as on the well
 * page's log scale (a log axis cannot place them).
 */
function readDailyRates(db: Db, wellSeq: number): DailyRates {
  const rows = db
    .prepare(
      'SELECT date, oil_rate, water_rate, gas_rate FROM production WHERE well_seq = ? ORDER BY date',
    )
    .raw(true)
    .all(wellSeq) as Array<[string, number | null, number | null, number | null]>;
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  return {
    seconds: rows.map(([date]) => Date.parse(`${date}T00:00:00Z`) / 1000),
    oil: rows.map((row) => positive(row[1])),
    water: rows.map((row) => positive(row[2])),
    gas: rows.map((row) => positive(row[3])),
  };
}

/**
 * The last 120 days up to today for the first wells in the table's order, so the rows on
 * screen have a 30-day change and a sparkline to draw (the server fixture gives production
 * to two wells only).
 */
function recentProductionForFirstWells(db: Db, projectId: string): void {
  const seqs = db
    .prepare('SELECT seq FROM wells WHERE project_id = ? ORDER BY name_key, id LIMIT ?')
    .pluck()
    .all(projectId, SCREENED_WELLS) as number[];
  const production = new ProductionRepo(db);
  const start = addDays(utcToday(), -(SCREENED_DAYS - 1));
  seqs.forEach((seq, index) =>
    production.upsert(seq, dailyRecords(start, SCREENED_DAYS, 100 + index, 400 + index)),
  );
}
