import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  type ErrorDetail,
  type ProductionRecordInput,
  type UnitSystem,
  unitLabel,
} from '#shared/api/index.js';
import { displayConverter, toCacheValue } from '../units/cache-units.js';

/**
 * A day's values as the outbox keeps them: the nine fields in
 * PRODUCTION_FIELDS order, imperial, null where unset — the same shape and
 * units as a `production` row without its date, so edits, bases and server
 * rows compare with `===`.
 */
export type StoredValues = Array<number | null>;

/**
 * The server's values of a day before the edit, for conflict detection:
 * - StoredValues: what the server had;
 * - null: the server had no record that day (the cache covered the day);
 * - 'unknown': the laptop never downloaded that day, so there is no value the
 *   engineer could have disagreed with; such a row is pushed without a check.
 */
export type Base = StoredValues | null | 'unknown';

const QUANTITIES = PRODUCTION_FIELDS.map((field) => FIELD_RULES[field].quantity);

/**
 * A record typed in the project's units as stored (imperial). An absent field
 * becomes null, as the API's upsert does. A value that cannot be stored as a
 * finite imperial number (1e308 m³/d overflows) is reported, never turned into
 * null by JSON on the way out.
 */
export function recordToStored(
  record: ProductionRecordInput,
  system: UnitSystem,
  index: number,
  problems: ErrorDetail[],
): StoredValues {
  return PRODUCTION_FIELDS.map((field, f) => {
    const value = record[field];
    if (value === undefined || value === null) return null;
    const stored = toCacheValue(QUANTITIES[f]!, value, system);
    if (!Number.isFinite(stored)) {
      problems.push({ path: `records[${index}].${field}`, message: 'is too large to store' });
    }
    return stored;
  });
}

/** Stored values as records of the API in `system` (what a POST carries). */
export function apiRecordMaker(
  system: UnitSystem,
): (date: string, values: StoredValues) => ProductionRecordInput {
  const converters = QUANTITIES.map((quantity) => displayConverter(quantity, system));
  return (date, values) => {
    const record: ProductionRecordInput = { date };
    PRODUCTION_FIELDS.forEach((field, f) => {
      const value = values[f] ?? null;
      record[field] = value === null ? null : converters[f]!(value);
    });
    return record;
  };
}

/**
 * Two days' values as the same record, for the conflict check. A value of a metric project
 * crosses the wire in the project's units with 12 significant digits and is stored by the
 * server in imperial, so what the server echoes can differ from what this computer holds
 * in the last digits (a GOR of 539.5473596 comes back 539.5473595997261). Within a part in
 * 10^10 is the same value; anything a person can type or see differs by far more.
 */
export function sameValues(a: StoredValues | null, b: StoredValues | null): boolean {
  if (a === null || b === null) return a === b;
  for (let f = 0; f < PRODUCTION_FIELDS.length; f++)
    if (!sameValue(a[f] ?? null, b[f] ?? null)) return false;
  return true;
}

const SAME_WITHIN = 1e-10;

function sameValue(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return a === b || Math.abs(a - b) <= SAME_WITHIN * Math.max(Math.abs(a), Math.abs(b));
}

/** The base column: SQL NULL for "none", JSON otherwise. */
export function encodeBase(base: Base): string | null {
  return base === null ? null : JSON.stringify(base);
}

export function decodeBase(text: string | null): Base {
  if (text === null) return null;
  const parsed = JSON.parse(text) as unknown;
  return parsed === 'unknown' ? 'unknown' : (parsed as StoredValues);
}

/** A value in words, in the project's units, for conflict and error messages. */
export function describeValue(field: number, value: number | null, system: UnitSystem): string {
  if (value === null) return 'empty';
  const quantity = QUANTITIES[field]!;
  return `${displayConverter(quantity, system)(value)} ${unitLabel(quantity, system)}`;
}
