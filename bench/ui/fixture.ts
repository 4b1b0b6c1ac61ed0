import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DB_FILE } from '../../electron/embedded-demo.js';
import { DEMO_USER, seedDemoIfEmpty } from '../../server/demo/seed.js';
import { openDatabase } from '../../server/store/database.js';
import { buildFixture, TWENTY_YEARS, WELL_COUNT } from '../server/fixture-data.js';

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
