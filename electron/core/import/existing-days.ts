import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '#shared/api/index.js';
import type { CoreContext } from '../core-context.js';
import type { StoredValues } from '../outbox/stored-values.js';
import { currentDayValues } from '../overlay/current-days.js';
import { displayConverter } from '../units/cache-units.js';

/**
 * The days of a well the laptop already has, as the engineer sees them (the
 * cached server rows with queued edits over them): an import replaces these.
 * Days never downloaded are unknown here and count as new.
 */
export interface ExistingDays {
  values: Map<string, StoredValues>;
  /** Import dates outside every downloaded range of the well. */
  unknownDays: number;
}

export function existingDays(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  dates: readonly string[],
): ExistingDays {
  if (dates.length === 0) return { values: new Map(), unknownDays: 0 };
  const values = currentDayValues(ctx, connectionId, wellId, dates);
  const span = {
    from: dates.reduce((a, b) => (a < b ? a : b)),
    to: dates.reduce((a, b) => (a > b ? a : b)),
  };
  const covered = ctx.coverage.overlapping(connectionId, wellId, span);
  let unknownDays = 0;
  for (const date of dates) {
    if (values.has(date)) continue;
    if (!covered.some((interval) => interval.from <= date && date <= interval.to)) unknownDays++;
  }
  return { values, unknownDays };
}

/**
 * Records with the fields the file does not have taken from the day as it
 * is now, so importing a file of oil and gas does not empty a day's
 * pressures: the outbox queues whole records, as the API's upsert replaces them.
 * A GOR or watercut kept this way that was derived from the day's old rates then
 * follows the new ones (saveRecords applies shared/production's ratio rule).
 */
export function withKeptFields(
  records: readonly ProductionRecordInput[],
  existing: ExistingDays,
  unmapped: readonly ProductionField[],
  system: UnitSystem,
): ProductionRecordInput[] {
  if (unmapped.length === 0 || existing.values.size === 0) return [...records];
  const kept = unmapped.map((field) => ({
    field,
    slot: PRODUCTION_FIELDS.indexOf(field),
    show: displayConverter(FIELD_RULES[field].quantity, system),
  }));
  return records.map((record) => {
    const day = existing.values.get(record.date);
    if (!day) return record;
    const full: ProductionRecordInput = { ...record };
    for (const { field, slot, show } of kept) {
      const value = day[slot] ?? null;
      full[field] = value === null ? null : show(value);
    }
    return full;
  });
}
