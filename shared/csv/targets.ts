import { PRODUCTION_FIELDS, type ProductionField } from '../api/index.js';

/**
 * What a CSV column can be mapped to: the record's date, the well it belongs to
 * (by name or API number, for files holding several wells), one of the API's
 * production fields, or nothing.
 */
export const COLUMN_TARGETS = [
  'date',
  'well-name',
  'api-number',
  ...PRODUCTION_FIELDS,
  'ignore',
] as const;
export type ColumnTarget = (typeof COLUMN_TARGETS)[number];

export function isFieldTarget(target: ColumnTarget): target is ProductionField {
  return (PRODUCTION_FIELDS as readonly string[]).includes(target);
}

export function isWellTarget(target: ColumnTarget): target is 'well-name' | 'api-number' {
  return target === 'well-name' || target === 'api-number';
}
