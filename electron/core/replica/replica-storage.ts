import { addDays } from '#shared/dates/iso-day.js';
import { HISTORY_START } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';
import { emitCacheChanged, writeIfConnected, type CoreContext } from '../core-context.js';

/**
 * Taking a project's days off this computer (a removal, a release, the storage budget),
 * one well per transaction so a read between two wells is not held up. The wells, the
 * project and every queued edit stay: an edit is never released with the days under it.
 */

const ALL_DAYS = { from: HISTORY_START, to: '9999-12-31' };

export function pendingEdits(db: CacheDb, connectionId: string, projectId: string): number {
  return db
    .prepare('SELECT count(*) FROM outbox WHERE connection_id = ? AND project_id = ?')
    .pluck()
    .get(connectionId, projectId) as number;
}

function projectWellIds(db: CacheDb, connectionId: string, projectId: string): string[] {
  return db
    .prepare('SELECT id FROM wells WHERE connection_id = ? AND project_id = ? ORDER BY id')
    .pluck()
    .all(connectionId, projectId) as string[];
}

/** Removes the days before `before` (all of them when null); returns the rows removed. */
export function removeProjectDays(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  before: string | null,
): number {
  let removed = 0;
  const range = before === null ? ALL_DAYS : { from: HISTORY_START, to: addDays(before, -1) };
  for (const wellId of projectWellIds(ctx.db, connectionId, projectId)) {
    removed +=
      writeIfConnected(ctx, connectionId, () => {
        const rows = ctx.production.replaceRange(connectionId, wellId, range, []);
        if (before === null) ctx.coverage.removeWell(connectionId, wellId);
        else ctx.coverage.removeBefore(connectionId, wellId, before);
        return rows;
      }) ?? 0;
  }
  if (removed > 0) emitCacheChanged(ctx, { connectionId, kind: 'production', projectId });
  // The wells' offline ranges changed with their coverage.
  emitCacheChanged(ctx, { connectionId, kind: 'wells', projectId });
  return removed;
}

/** Bytes a stored day takes when too few are stored to measure: a row of ten numbers and its key. */
export const ROW_BYTES_GUESS = 110;

/**
 * Bytes one stored day takes beside its packed copy (the row table and its key), measured;
 * null while too few rows are stored for a measure to mean anything.
 */
export function rowBytes(db: CacheDb): number | null {
  const measured = db
    .prepare(
      `SELECT (SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = 'production') AS bytes,
              (SELECT count(*) FROM production) AS rows`,
    )
    .get() as { bytes: number; rows: number };
  return measured.rows < 1000 ? null : measured.bytes / measured.rows;
}

/**
 * The first day to keep so the project's newest days fit in `allowedDays` rows, or null
 * when they all fit.
 */
export function firstDayToKeep(
  db: CacheDb,
  connectionId: string,
  projectId: string,
  allowedDays: number,
): string | null {
  const cut = db
    .prepare(
      `SELECT p.date FROM production p
       JOIN wells w ON w.connection_id = p.connection_id AND w.id = p.well_id
       WHERE w.connection_id = ? AND w.project_id = ?
       ORDER BY p.date DESC LIMIT 1 OFFSET ?`,
    )
    .pluck()
    .get(connectionId, projectId, Math.max(0, Math.floor(allowedDays))) as string | undefined;
  // The day after the newest day that does not fit (several wells share a date: keep them all
  // or none, so the cut is a date, and the newest days are whole).
  return cut === undefined ? null : addDays(cut, 1);
}
