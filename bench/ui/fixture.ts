import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DB_FILE } from '../../electron/embedded-demo.js';
import { DEMO_USER, seedDemoIfEmpty } from '../../server/demo/seed.js';
import { openDatabase } from '../../server/store/database.js';
import { buildFixture, TWENTY_YEARS, WELL_COUNT } from '../server/fixture-data.js';
import { dailyRecords } from '../server/records.js';
import { ProductionRepo } from '../../server/store/production-repo.js';
import { addDays, utcToday } from '../../shared/dates/iso-day.js';
import type { Db } from '../../server/store/database.js';

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
    const longWellName = db
      .prepare('SELECT name FROM wells WHERE id = ?')
      .pluck()
      .get(fixture.monthlyWellId) as string;
    db.pragma('wal_checkpoint(TRUNCATE)');
    return {
      dataDir,
      projectId: fixture.projectId,
      longWellId: fixture.monthlyWellId,
      longWellName,
      wellCount: WELL_COUNT,
      longWellDays: TWENTY_YEARS.count,
      longWellHistory: { from: TWENTY_YEARS.from, to: TWENTY_YEARS.to },
    };
  } finally {
    db.close();
  }
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
