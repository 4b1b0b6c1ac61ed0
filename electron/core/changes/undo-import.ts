import { PRODUCTION_FIELDS, type ErrorDetail } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { CoreError, type ImportUndoResult } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';
import { announceOutbox, announceProduction, editTarget } from '../outbox/edit-target.js';
import { saveDelete } from '../outbox/save-delete.js';
import { saveStoredDays, type StoredDay } from '../outbox/save-records.js';
import { currentDayValues } from '../overlay/current-days.js';
import type { ActionRow } from './change-log-repo.js';
import { SOURCE_WORDS } from './source-words.js';

const FIELD_INDEX = new Map<string, number>(PRODUCTION_FIELDS.map((field, f) => [field, f]));

/**
 * import-undo: an import taken back, as one action of its own in the change log ('undo'),
 * queued like any edit (so it works offline and syncs later). A replaced day gets the values
 * it had before the import, exactly as the log kept them; a day the import added is deleted.
 *
 * Refused, with nothing changed, when any day of the import was changed after it (the
 * person's later work would be overwritten) or was not on this computer before it (its
 * earlier values are not known here). A second undo of the same import is refused by the
 * same rule: the first undo changed every day.
 */
export function undoImport(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  batch: number,
): ImportUndoResult {
  const rows = ctx.changeLog.action(connection.id, batch);
  const first = rows[0];
  if (!first || first.source !== 'import' || first.projectId !== projectId) {
    throw new CoreError(
      'not-found',
      `Change ${batch} is not an import of project ${projectId} in the change log.`,
      { issues: [{ path: 'batch', message: 'names no import of this project' }] },
    );
  }
  const fileName = first.sourceLabel;
  const byWell = groupByWell(rows);
  refuseWhatCannotBeUndone(ctx, connection.id, byWell, fileName);

  let restoredDays = 0;
  let deletedDays = 0;
  const undoBatch = ctx.db
    .transaction(() => {
      const own = ctx.changeLog.nextBatch();
      const origin = { source: 'undo', label: fileName, batch: own } as const;
      for (const [wellId, wellRows] of byWell) {
        const target = editTarget(ctx, connection, projectId, wellId);
        const dates = wellRows.map((row) => row.date!);
        const current = currentDayValues(ctx, connection.id, wellId, dates);
        const restore: StoredDay[] = [];
        const added: string[] = [];
        for (const row of wellRows) {
          if (row.newDay) added.push(row.date!);
          else restore.push({ date: row.date!, values: valuesBefore(row, current) });
        }
        if (restore.length > 0) saveStoredDays(ctx, target, restore, origin, current);
        for (const range of contiguous(added)) saveDelete(ctx, target, range, origin);
        restoredDays += restore.length;
        deletedDays += added.length;
      }
      return own;
    })
    .immediate();

  for (const [wellId, wellRows] of byWell) {
    const where = { connectionId: connection.id, projectId, wellId };
    announceOutbox(ctx, connection.id, where);
    const dates = wellRows.map((row) => row.date!);
    announceProduction(ctx, where, { from: dates[0]!, to: dates[dates.length - 1]! });
  }
  ctx.sync.kick(connection.id);
  return { batch: undoBatch, fileName, restoredDays, deletedDays, wells: byWell.size };
}

/** Rows of each well, sorted by day. */
function groupByWell(rows: readonly ActionRow[]): Map<string, ActionRow[]> {
  const byWell = new Map<string, ActionRow[]>();
  for (const row of rows) {
    if (row.date === null) continue;
    const list = byWell.get(row.wellId) ?? [];
    list.push(row);
    byWell.set(row.wellId, list);
  }
  for (const list of byWell.values())
    list.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  return byWell;
}

function refuseWhatCannotBeUndone(
  ctx: CoreContext,
  connectionId: string,
  byWell: ReadonlyMap<string, ActionRow[]>,
  fileName: string | null,
): void {
  const issues: ErrorDetail[] = [];
  let changedSince = 0;
  let unknown = 0;
  for (const [wellId, rows] of byWell) {
    const days = new Set(rows.map((row) => row.date!));
    const span = { from: rows[0]!.date!, to: rows[rows.length - 1]!.date! };
    const lastId = Math.max(...rows.map((row) => row.id));
    const seen = new Set<string>();
    for (const later of ctx.changeLog.laterChanges(connectionId, wellId, lastId, span)) {
      if (!days.has(later.date) || seen.has(later.date)) continue;
      seen.add(later.date);
      changedSince++;
      const how = SOURCE_WORDS[later.source] + (later.sourceLabel ? ` (${later.sourceLabel})` : '');
      issues.push({ path: `${wellId}/${later.date}`, message: `was ${how} at ${later.at}` });
    }
    for (const row of rows.filter((r) => r.oldUnknown)) {
      unknown++;
      issues.push({
        path: `${wellId}/${row.date}`,
        message: 'was not on this computer before the import: its earlier values are not known',
      });
    }
  }
  if (issues.length === 0) return;
  const file = fileName ? `"${fileName}"` : 'this import';
  const reasons = [
    changedSince > 0 ? `${changedSince} of its days were changed after it` : null,
    unknown > 0 ? `${unknown} of its days were not on this computer before it` : null,
  ].filter(Boolean);
  throw new CoreError(
    'conflict',
    `${file} cannot be taken back: ${reasons.join(', and ')}. Nothing was changed; the days are listed.`,
    { issues: issues.slice(0, 100) },
  );
}

/** The day's values now, with every field the import changed set back to what it was. */
function valuesBefore(row: ActionRow, current: ReadonlyMap<string, Array<number | null>>) {
  const values = [...(current.get(row.date!) ?? PRODUCTION_FIELDS.map(() => null))];
  for (const [field, before] of row.values) {
    const f = FIELD_INDEX.get(field);
    if (f !== undefined) values[f] = typeof before === 'number' ? before : null;
  }
  return values;
}

/** Sorted days as runs of consecutive days. */
function contiguous(dates: readonly string[]): DateInterval[] {
  const ranges: DateInterval[] = [];
  for (const date of dates) {
    const last = ranges[ranges.length - 1];
    if (last && addDays(last.to, 1) === date) last.to = date;
    else ranges.push({ from: date, to: date });
  }
  return ranges;
}
