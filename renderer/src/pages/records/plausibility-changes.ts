import type { ProductionRecordInput } from '#shared/api/index.js';
import { fieldsConcerned, type PlausibilityWarning } from '#shared/production/index.js';
import type { GridRow } from './grid-model.js';

/**
 * The warnings a save would bring about: those about a value the save changes, or any
 * on a new day. A BHP saved anyway is marked in the grid, but does not ask again each
 * time another value of its day is edited.
 */
export function warningsOfChanges(
  warnings: readonly PlausibilityWarning[],
  records: readonly ProductionRecordInput[],
  rows: readonly GridRow[],
): PlausibilityWarning[] {
  const saved = new Map(records.map((record) => [record.date, record]));
  const shown = new Map(rows.map((row) => [row.date, row.values]));
  return warnings.filter((warning) => {
    const before = shown.get(warning.date);
    const after = saved.get(warning.date);
    if (!after) return false;
    if (!before) return true;
    return fieldsConcerned(warning).some(
      (field) => after[field] !== undefined && after[field] !== before[field],
    );
  });
}
