import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { EVENT_CATEGORY_MAX, EVENT_ID_PATTERN, EVENT_NOTE_MAX } from '#shared/api/index.js';
import { isCalendarDate } from '#shared/dates/iso-day.js';
import { CoreError, type WellEventsImportResult } from '#shared/desktop/index.js';
import type { ErrorDetail } from '#shared/api/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { CoreContext } from '../core-context.js';
import { announce, sharedOf, writeEvent } from './record-event.js';
import type { StoredEvent } from './well-events-repo.js';

/**
 * Well events from a CSV: the file the Events list exports (renderer/src/pages/events), so
 * events kept on one computer (a server without events) reach another. Columns by header,
 * any order, letter case ignored: "Well ID" or "Well" (the name), "Start", "End" (empty: still
 * going on), "Reason", "Note", and "Event ID" (an event of that id in this project is
 * replaced, so importing the same file twice changes nothing). All or nothing: any bad row
 * refuses the file, naming the row and the column, and nothing is written.
 */

const COLUMN_NAMES = {
  eventId: ['event id', 'id'],
  wellId: ['well id'],
  wellName: ['well', 'well name'],
  start: ['start', 'start date'],
  end: ['end', 'end date'],
  category: ['reason', 'category'],
  note: ['note', 'notes'],
} as const;
type Column = keyof typeof COLUMN_NAMES;

const MAX_ROWS = 20_000;

function refuse(message: string, issues: ErrorDetail[]): never {
  throw new CoreError('validation', message, { issues: issues.slice(0, 20) });
}

export function importEventsCsv(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  text: string,
  fileName: string | null,
): WellEventsImportResult {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    refuse(
      `${fileName ?? 'The file'} is not a CSV file this app can read: ${(error as Error).message}`,
      [{ path: 'text', message: 'must be CSV' }],
    );
  }
  const [header, ...body] = rows;
  if (!header) refuse('The file is empty.', [{ path: 'text', message: 'has no header row' }]);
  const at: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    for (const [column, names] of Object.entries(COLUMN_NAMES) as Array<
      [Column, readonly string[]]
    >) {
      if (names.includes(key) && at[column] === undefined) at[column] = index;
    }
  });
  const missing = [
    at.wellId === undefined && at.wellName === undefined ? 'Well ID (or Well)' : null,
    at.start === undefined ? 'Start' : null,
    at.category === undefined ? 'Reason' : null,
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    refuse(
      `The file has no ${missing.join(', ')} column: its header row must name it.`,
      missing.map((name) => ({ path: 'header', message: `needs a ${name} column` })),
    );
  }
  if (body.length > MAX_ROWS) {
    refuse(`The file has ${body.length} events; at most ${MAX_ROWS} are read at once.`, [
      { path: 'text', message: `must hold at most ${MAX_ROWS} rows` },
    ]);
  }

  const wells = ctx.wells.refs(connection.id, projectId);
  const byId = new Map(wells.map((well) => [well.id, well]));
  const byName = new Map<string, Array<{ id: string; name: string }>>();
  for (const well of wells) {
    const key = well.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), well]);
  }

  const issues: ErrorDetail[] = [];
  const planned: Array<{
    well: { id: string; name: string };
    before: StoredEvent | undefined;
    event: StoredEvent;
  }> = [];
  const local = sharedOf(ctx, connection.id) === false;
  const stamp = ctx.now().toISOString();
  const seen = new Set<string>();
  body.forEach((row, index) => {
    const line = index + 2;
    const cell = (column: Column) =>
      at[column] === undefined ? '' : (row[at[column]] ?? '').trim();
    const problem = (column: string, message: string) =>
      issues.push({ path: `row ${line}, ${column}`, message });
    const wellId = cell('wellId');
    const wellName = cell('wellName');
    let well = wellId ? byId.get(wellId) : undefined;
    if (!well && !wellId && wellName) {
      const named = byName.get(wellName.toLowerCase()) ?? [];
      if (named.length === 1) well = named[0];
      else if (named.length > 1)
        problem(
          'Well',
          `"${wellName}" names ${named.length} wells of this project: give its Well ID`,
        );
    }
    if (!well && (wellId || !wellName || (byName.get(wellName.toLowerCase()) ?? []).length === 0)) {
      problem(wellId ? 'Well ID' : 'Well', `"${wellId || wellName}" is not a well of this project`);
    }
    const startDate = cell('start');
    const endText = cell('end');
    if (!isCalendarDate(startDate))
      problem('Start', `"${startDate}" must be a date written YYYY-MM-DD`);
    if (endText && !isCalendarDate(endText))
      problem('End', `"${endText}" must be a date written YYYY-MM-DD, or empty while it goes on`);
    else if (endText && isCalendarDate(startDate) && endText < startDate)
      problem('End', `must not be before the start (${startDate})`);
    const category = cell('category');
    if (category === '') problem('Reason', 'must not be empty');
    else if (category.length > EVENT_CATEGORY_MAX)
      problem('Reason', `must be at most ${EVENT_CATEGORY_MAX} characters`);
    const note = cell('note');
    if (note.length > EVENT_NOTE_MAX)
      problem('Note', `must be at most ${EVENT_NOTE_MAX} characters`);
    const givenId = cell('eventId');
    if (givenId && !EVENT_ID_PATTERN.test(givenId))
      problem('Event ID', 'must be 1 to 64 letters, digits, "-" or "_"');
    if (givenId && seen.has(givenId)) problem('Event ID', `"${givenId}" is in the file twice`);
    if (givenId) seen.add(givenId);
    if (!well) return;
    const before = givenId ? ctx.wellEvents.get(connection.id, projectId, givenId) : undefined;
    if (before && before.wellId !== well.id)
      problem('Event ID', `"${givenId}" is an event of another well`);
    planned.push({
      well,
      before: before?.state === 'deleted' ? undefined : before,
      event: {
        id: givenId || randomUUID(),
        projectId,
        wellId: well.id,
        startDate,
        endDate: endText || null,
        category,
        note,
        updatedAt: stamp,
        state: local ? 'local' : 'pending',
        error: null,
      },
    });
  });
  if (issues.length > 0) {
    const first = issues[0] as ErrorDetail;
    refuse(
      `Nothing was imported: ${issues.length} problem${issues.length === 1 ? '' : 's'} in the file, the first at ${first.path}: ${first.message}.`,
      issues,
    );
  }
  let added = 0;
  let replaced = 0;
  ctx.db
    .transaction(() => {
      for (const { well, before, event } of planned) {
        writeEvent(ctx, connection, well, before, event);
        if (before) replaced += 1;
        else added += 1;
      }
    })
    .immediate();
  if (planned.length > 0) {
    announce(ctx, connection.id, projectId);
    ctx.sync.kick(connection.id);
  }
  return { added, replaced };
}
