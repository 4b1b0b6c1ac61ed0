import type { CoreContext } from '../core-context.js';
import type { StoredValues } from '../outbox/stored-values.js';
import type { DateInterval } from '../cache/date-intervals.js';
import { mergeProductionEdits, type MergedDaily } from './production-overlay.js';

/** A well's cached days in a span with its queued edits over them, as the engineer sees them. */
export function mergedDays(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  span: DateInterval,
): MergedDaily {
  return mergeProductionEdits(
    ctx,
    connectionId,
    wellId,
    span,
    ctx.production.readColumns(connectionId, wellId, span),
  );
}

/**
 * The days of a well as the engineer sees them now (the cached server rows with queued
 * edits over them), for the dates given; days the laptop does not hold are absent.
 */
export function currentDayValues(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  dates: readonly string[],
): Map<string, StoredValues> {
  const values = new Map<string, StoredValues>();
  if (dates.length === 0) return values;
  let from = dates[0]!;
  let to = from;
  for (const date of dates) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  const merged = mergedDays(ctx, connectionId, wellId, { from, to });
  merged.dates.forEach((date, r) =>
    values.set(
      date,
      merged.columns.map((column) => column[r] ?? null),
    ),
  );
  return values;
}
