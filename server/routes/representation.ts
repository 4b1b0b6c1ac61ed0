import {
  fromStored,
  toStored,
  PRODUCTION_FIELDS,
  FIELD_RULES,
  type Project,
  type ProductionField,
  type Quantity,
  type ProductionRecord,
  type ProductionRecordInput,
  type SeriesItem,
  type UnitSystem,
  type Well,
  type WellCreate,
  type WellPatch,
  wellFromFeet,
} from '#shared/api/index.js';
import type { RawRow, StoredRecordInput } from '../store/production-repo.js';
import type { ProjectRow } from '../store/projects-repo.js';
import type { WellFields, WellRow } from '../store/wells-repo.js';

/**
 * The HTTP boundary between stored physical quantities (imperial) and what a
 * project shows and accepts (its unitSystem).
 */
export function projectToApi(row: ProjectRow): Project {
  return { ...row };
}

function lengthIn(value: number | null | undefined, system: UnitSystem): number | null | undefined {
  return value === null || value === undefined ? value : toStored('length', value, system);
}

export function wellToApi(row: WellRow, system: UnitSystem): Well {
  return wellFromFeet(row, (feet) => fromStored('length', feet, system));
}

/** The members present in a create or patch body, in stored units. */
export function wellInputToFields(
  input: WellCreate | WellPatch,
  system: UnitSystem,
): Partial<WellFields> {
  const fields: Partial<WellFields> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.apiNumber !== undefined) fields.apiNumber = input.apiNumber;
  if (input.type !== undefined) fields.type = input.type;
  if (input.status !== undefined) fields.status = input.status;
  if (input.latitude !== undefined) fields.latitude = input.latitude;
  if (input.longitude !== undefined) fields.longitude = input.longitude;
  if (input.spudDate !== undefined) fields.spudDate = input.spudDate;
  if (input.lateralLength !== undefined)
    fields.lateralLengthFt = lengthIn(input.lateralLength, system) ?? null;
  if (input.perfInterval !== undefined) {
    fields.perfTopFt =
      input.perfInterval === null ? null : toStored('length', input.perfInterval.topMd, system);
    fields.perfBottomFt =
      input.perfInterval === null ? null : toStored('length', input.perfInterval.bottomMd, system);
  }
  return fields;
}

/** A posted record in stored (imperial) units. */
export function recordToStored(
  input: ProductionRecordInput,
  system: UnitSystem,
): StoredRecordInput {
  // Imperial is the stored system: the input already is the record (absent members are stored as null).
  if (system === 'imperial') return input;
  const record = { date: input.date } as ProductionRecord;
  for (const field of PRODUCTION_FIELDS) {
    const value = input[field];
    record[field] =
      value === undefined || value === null
        ? null
        : toStored(FIELD_RULES[field].quantity, value, system);
  }
  return record;
}

/** Stored records as the API shows them: `date` plus each asked-for field, null when unset. */
export function recordsToApi(
  records: readonly ProductionRecord[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): SeriesItem[] {
  const quantities = fields.map((field) => FIELD_RULES[field].quantity);
  return records.map((record) => {
    const item: SeriesItem = { date: record.date };
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as ProductionField;
      const value = record[field];
      item[field] =
        value === null || value === undefined ? null : fromStored(quantities[i]!, value, system);
    }
    return item;
  });
}

/** Raw rows `[date, ...fields]` as API items; the daily read path, without an object per row in between. */
export function rawRowsToApi(
  rows: readonly RawRow[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): SeriesItem[] {
  const quantities = fields.map((field) => FIELD_RULES[field].quantity);
  const items = new Array<SeriesItem>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as RawRow;
    const item: SeriesItem = { date: row[0] };
    for (let i = 0; i < fields.length; i++) {
      const value = (row[i + 1] as number | null | undefined) ?? null;
      item[fields[i] as ProductionField] =
        value === null ? null : fromStored(quantities[i] as Quantity, value, system);
    }
    items[r] = item;
  }
  return items;
}
