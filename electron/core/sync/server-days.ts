import type { DateInterval } from '../cache/date-intervals.js';
import type { StoredRow } from '../cache/production-repo.js';
import type { CoreContext } from '../core-context.js';
import { parsePayload } from '../outbox/payloads.js';
import type { StoredValues } from '../outbox/stored-values.js';

/** Writing what the sync learned about the server's rows into the cache. */

export type ServerDays = Map<string, StoredValues>;

export function daysFromRows(rows: readonly StoredRow[]): ServerDays {
  return new Map(rows.map((row) => [row[0], row.slice(1) as StoredValues]));
}

/**
 * The cache holds exactly `days` for the span, which becomes covered: call
 * inside a transaction, with the server's complete rows of the span. Skipped
 * for a well no longer in the cache (coverage needs its row); the outbox keeps
 * the values anyway. Returns how many rows differed.
 */
export function storeServerDays(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  span: DateInterval,
  days: ServerDays,
  at: string,
): number {
  if (!ctx.wells.get(connectionId, wellId)) return 0;
  const rows = [...days.entries()]
    .filter(([date]) => span.from <= date && date <= span.to)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, values]) => [date, ...values] as StoredRow);
  const changes = ctx.production.replaceRange(connectionId, wellId, span, rows);
  ctx.coverage.add(connectionId, wellId, span, at);
  // A fetch of the well that began before this answer must not write over it.
  ctx.production.noteSettled(connectionId, wellId);
  return changes;
}

/**
 * After the server accepted values for some days, the well's later
 * operations holding those days are based on them now (their edits are
 * judged against what the server has after ours, not before): their rows'
 * base, and for one in conflict, the server values it was found with.
 * `values` null means the day now has no record (a delete).
 */
export function rebase(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  span: DateInterval,
  valueOf: (date: string) => StoredValues | null | undefined,
  at: string,
): void {
  for (const op of ctx.outbox.ofWell(connectionId, wellId)) {
    if (op.kind !== 'upsert-records') continue;
    let theirs = op.state === 'conflict' ? parsePayload(op, 'upsert-records').theirs : undefined;
    let theirsChanged = false;
    for (const date of ctx.outboxRecords.datesIn(op.seq, span)) {
      const value = valueOf(date);
      if (value === undefined) continue;
      ctx.outboxRecords.setBase(op.seq, date, value);
      if (theirs && date in theirs) {
        theirs = { ...theirs, [date]: value };
        theirsChanged = true;
      }
    }
    if (theirsChanged) ctx.outbox.setPayload(connectionId, op.seq, JSON.stringify({ theirs }), at);
  }
}
