import type { UnitSystem } from '#shared/api/index.js';
import {
  headerKey,
  isFieldTarget,
  projectUnit,
  readHeader,
  type DateFormat,
  type DecimalSeparator,
} from '#shared/csv/index.js';
import {
  CoreError,
  type ImportColumn,
  type ImportMappingSaveArgs,
  type SavedImportMapping,
} from '#shared/desktop/index.js';
import { mapColumns } from './column-plan.js';
import type { ImportStore } from './import-store.js';

/**
 * A mapping to save, from a preview (as it was finally mapped) or from a
 * header row and columns. A unit is saved only where it says something the
 * header does not: a column without a unit in its header follows the
 * project's units unless the engineer chose one.
 */
export function mappingToSave(
  store: ImportStore,
  args: ImportMappingSaveArgs,
  at: string,
): SavedImportMapping {
  let headers: string[];
  let columns: SavedImportMapping['columns'];
  let dateFormat: DateFormat | null;
  let decimalSeparator: DecimalSeparator | null;
  if (args.importId !== undefined) {
    const { preview } = store.get(args.importId);
    headers = preview.headers;
    columns = preview.columns.map((column) => savedColumn(column, preview.unitSystem, false));
    dateFormat = args.dateFormat ?? preview.dateFormat;
    decimalSeparator = args.decimalSeparator ?? preview.decimalSeparator;
  } else {
    headers = args.headers!;
    const given = new Map(args.columns!.map((column) => [column.index, column]));
    const mapped = mapColumns(headers, [], 'imperial', undefined, args.columns!);
    columns = mapped.columns.map((column) =>
      savedColumn(column, 'imperial', given.get(column.index)?.unit !== undefined),
    );
    dateFormat = args.dateFormat ?? null;
    decimalSeparator = args.decimalSeparator ?? null;
  }
  // Saved, it would be applied to the next file with these headers, which could then not import.
  if (!columns.some((column) => column.target === 'date')) {
    throw new CoreError(
      'validation',
      'This mapping has no date column: map one of the columns to "Date" before saving it.',
      { issues: [{ path: 'columns', message: 'need a column mapped to "date"' }] },
    );
  }
  return {
    headerKey: headerKey(headers),
    headers,
    columns,
    dateFormat,
    decimalSeparator,
    name: args.name ?? null,
    savedAt: at,
  };
}

function savedColumn(
  column: ImportColumn,
  system: UnitSystem,
  unitGiven: boolean,
): SavedImportMapping['columns'][number] {
  const out = { index: column.index, target: column.target };
  if (!isFieldTarget(column.target) || column.unit === null) return out;
  const implied = (readHeader(column.header).unit ?? projectUnit(column.target, system)).id;
  return unitGiven || column.unit !== implied ? { ...out, unit: column.unit } : out;
}
