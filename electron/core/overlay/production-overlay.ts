import type { PendingDeletion, RowSyncState } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { DailyColumns } from '../cache/production-repo.js';
import type { CoreContext } from '../core-context.js';
import { parsePayload } from '../outbox/payloads.js';
import { shownState } from './row-states.js';
import type { StoredValues } from '../outbox/stored-values.js';

/**
 * A well's daily production as the engineer sees it: the cached server rows
 * with the queued operations applied over them in order. The server rows are
 * never changed by an edit (they live apart), so a refresh cannot overwrite
 * one; they are merged here, on every read.
 */
export interface MergedDaily extends DailyColumns {
  states: RowSyncState[];
  /** Queued deletions within the range: those days read as absent. */
  deletions: PendingDeletion[];
}

interface Edit {
  seq: number;
  values: StoredValues;
  state: RowSyncState;
}

/**
 * `fields`: the indexes in PRODUCTION_FIELDS of the columns `server` holds, in
 * order, when it holds fewer than all nine (a read of one field); edits then
 * give those fields alone.
 */
export function mergeProductionEdits(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  range: DateInterval,
  server: DailyColumns,
  fields: readonly number[] | null = null,
): MergedDaily {
  const synced = (): MergedDaily => ({
    ...server,
    states: new Array<RowSyncState>(server.dates.length).fill('synced'),
    deletions: [],
  });
  // Most wells have nothing queued: one indexed lookup, and the cached columns as they are.
  if (!ctx.outbox.hasProductionEdits(connectionId, wellId)) return synced();

  const ops = ctx.outbox.ofWell(connectionId, wellId);
  const offline = ctx.offline.has(connectionId);
  const stateOf = new Map(ops.map((op) => [op.seq, shownState(op.state, offline)]));
  const deletes = ops
    .filter((op) => op.kind === 'delete-range')
    .map((op) => ({
      seq: op.seq,
      state: shownState(op.state, offline),
      ...parsePayload(op, 'delete-range'),
    }))
    .filter((d) => d.from <= range.to && d.to >= range.from);
  const edits = new Map<string, Edit>();
  for (const record of ctx.outboxRecords.overlay(connectionId, wellId, range)) {
    // Oldest operation first, so the last one written for a day wins.
    edits.set(record.date, {
      seq: record.seq,
      values: fields === null ? record.values : fields.map((f) => record.values[f] ?? null),
      state: stateOf.get(record.seq) ?? 'pending',
    });
  }
  if (edits.size === 0 && deletes.length === 0) return synced();

  /** The latest queued deletion covering the day, if it came after `seq`. */
  const deletedAfter = (date: string, seq: number) => {
    let latest: (typeof deletes)[number] | undefined;
    for (const d of deletes)
      if (d.from <= date && date <= d.to && d.seq > seq && (!latest || d.seq > latest.seq))
        latest = d;
    return latest;
  };

  const editDates = [...edits.keys()].sort();
  const out: MergedDaily = {
    dates: [],
    columns: server.columns.map(() => []),
    states: [],
    deletions: deletes.map((d) => ({
      from: d.from < range.from ? range.from : d.from,
      to: d.to > range.to ? range.to : d.to,
      state: d.state,
    })),
  };
  const push = (date: string, values: ReadonlyArray<number | null>, state: RowSyncState) => {
    out.dates.push(date);
    values.forEach((value, f) => out.columns[f]!.push(value));
    out.states.push(state);
  };
  let s = 0;
  let e = 0;
  while (s < server.dates.length || e < editDates.length) {
    const serverDate = server.dates[s];
    const editDate = editDates[e];
    if (editDate === undefined || (serverDate !== undefined && serverDate < editDate)) {
      // A server row no edit touches, unless a deletion is queued for its day.
      if (!deletedAfter(serverDate!, 0))
        push(
          serverDate!,
          server.columns.map((column) => column[s] ?? null),
          'synced',
        );
      s++;
      continue;
    }
    const edit = edits.get(editDate)!;
    if (!deletedAfter(editDate, edit.seq)) push(editDate, edit.values, edit.state);
    if (serverDate === editDate) s++;
    e++;
  }
  return out;
}
