import Database from 'better-sqlite3';
import { join } from 'node:path';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { CACHE_FILE_NAME } from '#core/index.js';
import { CoverageRepo } from '#core/cache/coverage-repo.js';

/**
 * Writes `days` daily rows per well straight into a closed core's cache (as an offline
 * download would leave them, without a day of network traffic): declining oil, gas and
 * water with a shut-in day every 45 days, different for each well. Each well's range is
 * recorded as fetched (coverage), as a download records it: the data-quality scan only
 * reads the ranges the cache holds from the server.
 */
export function fillCache(dataDir: string, wellIds: readonly string[], from: string, days: number) {
  const db = new Database(join(dataDir, CACHE_FILE_NAME));
  try {
    const connectionId = db
      .prepare('SELECT connection_id FROM wells WHERE id = ?')
      .pluck()
      .get(wellIds[0]) as string;
    const insert = db.prepare(
      `INSERT INTO production (connection_id, well_id, date, ${PRODUCTION_FIELDS.join(', ')})
       VALUES (?, ?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')})`,
    );
    const dates = Array.from({ length: days }, (_, d) => addDays(from, d));
    const coverage = new CoverageRepo(db);
    const fetchedAt = new Date().toISOString();
    db.transaction(() => {
      wellIds.forEach((wellId, w) => {
        coverage.add(connectionId, wellId, { from, to: dates[dates.length - 1]! }, fetchedAt);
        const initial = 200 + (w % 37) * 20;
        dates.forEach((date, d) => {
          const shutIn = (d + w) % 45 === 0;
          const oil = shutIn ? 0 : Math.round(initial * Math.exp(-d / 1500) * 10) / 10;
          // oil, water, gas, bhp, thp, choke, runtime, gor, watercut (PRODUCTION_FIELDS order)
          insert.run(
            connectionId,
            wellId,
            date,
            oil,
            shutIn ? 0 : Math.round(oil * 0.6 * 10) / 10,
            shutIn ? 0 : Math.round(oil * 1.8 * 10) / 10,
            1500,
            300,
            32,
            shutIn ? 0 : 24,
            null,
            null,
          );
        });
      });
    })();
    return connectionId;
  } finally {
    db.close();
  }
}

/**
 * The baseline: reading the same rows from the cache with better-sqlite3, nothing else.
 * `columns` 'rates' reads what field totals sum (date and the three rates); 'all' reads
 * every production field, what the data-quality scan looks at.
 */
export function readSameRows(
  dataDir: string,
  connectionId: string,
  wellIds: readonly string[],
  columns: 'rates' | 'all' = 'rates',
) {
  const db = new Database(join(dataDir, CACHE_FILE_NAME), { readonly: true });
  try {
    const fields =
      columns === 'all' ? PRODUCTION_FIELDS.join(', ') : 'oil_rate, gas_rate, water_rate';
    const read = db
      .prepare(
        `SELECT date, ${fields} FROM production
         WHERE connection_id = ? AND well_id = ? ORDER BY date`,
      )
      .raw();
    let rows = 0;
    for (const wellId of wellIds) rows += read.all(connectionId, wellId).length;
    return rows;
  } finally {
    db.close();
  }
}
