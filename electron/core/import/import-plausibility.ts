import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  type ProductionRecordInput,
  type UnitSystem,
} from '#shared/api/index.js';
import type { ImportPlausibilityWarning } from '#shared/desktop/index.js';
import { lookbackFrom, plausibilityWarnings } from '#shared/production/index.js';
import type { CoreContext } from '../core-context.js';
import { mergedDays } from '../overlay/current-days.js';
import { displayConverter } from '../units/cache-units.js';
import type { WellRows } from './finalise-rows.js';

/**
 * The values of one well's rows that look wrong, with their lines: the file's records
 * over the well's days as this computer has them (cached, with queued edits), from a
 * year before the file's first day, against the well's spud date.
 */
export function importPlausibility(
  ctx: CoreContext,
  connectionId: string,
  rows: WellRows,
  system: UnitSystem,
): ImportPlausibilityWarning[] {
  if (rows.records.length === 0) return [];
  let from = rows.records[0]!.date;
  let to = from;
  for (const { date } of rows.records) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  const well = ctx.wells.get(connectionId, rows.well.id);
  const history = daysOnThisComputer(
    ctx,
    connectionId,
    rows.well.id,
    lookbackFrom(from),
    to,
    system,
  );
  const warnings = plausibilityWarnings(rows.records, {
    unitSystem: system,
    spudDate: well?.spudDate ?? null,
    history,
  });
  const lineOf = new Map(rows.records.map((record, i) => [record.date, rows.lines[i]!]));
  return warnings.map((warning) => ({
    ...warning,
    line: lineOf.get(warning.date)!,
    wellId: rows.well.id,
  }));
}

/** The well's days in [from, to] as the engineer sees them, in the project's units. */
function daysOnThisComputer(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  from: string,
  to: string,
  system: UnitSystem,
): ProductionRecordInput[] {
  const merged = mergedDays(ctx, connectionId, wellId, { from, to });
  const shown = PRODUCTION_FIELDS.map((field) => ({
    field,
    show: displayConverter(FIELD_RULES[field].quantity, system),
  }));
  return merged.dates.map((date, r) => {
    const record: ProductionRecordInput = { date };
    shown.forEach(({ field, show }, slot) => {
      const value = merged.columns[slot]?.[r] ?? null;
      record[field] = value === null ? null : show(value);
    });
    return record;
  });
}
