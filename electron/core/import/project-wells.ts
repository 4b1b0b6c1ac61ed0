import type { WellCandidate } from '#shared/csv/index.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * The project's cached wells, for routing the rows of a multi-well file. A
 * read of its own (not WellsRepo's list query): only ids, names and API numbers.
 */
export function projectWells(
  db: CacheDb,
  connectionId: string,
  projectId: string,
): WellCandidate[] {
  return db
    .prepare(
      `SELECT id, name, api_number AS apiNumber FROM wells
       WHERE connection_id = ? AND project_id = ? ORDER BY name_key, id`,
    )
    .all(connectionId, projectId) as WellCandidate[];
}
