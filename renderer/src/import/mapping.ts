import { FIELD_RULES, unitLabel, type UnitSystem } from '#shared/api/index.js';
import {
  COLUMN_TARGETS,
  isFieldTarget,
  quantityOf,
  unitsOf,
  type ColumnTarget,
} from '#shared/csv/index.js';
import type { ColumnOverride, ImportColumn } from '#shared/desktop/index.js';

/**
 * The mapping step of the import dialog, as data: what each target is called,
 * which units a column may be in, and the full list of column overrides the
 * next preview is asked for after the person changes one column.
 */

export const TARGET_LABELS: Record<ColumnTarget, string> = {
  date: 'Date',
  'well-name': 'Well name',
  'api-number': 'API number',
  oil_rate: 'Oil rate',
  water_rate: 'Water rate',
  gas_rate: 'Gas rate',
  bhp: 'Bottom-hole pressure',
  thp: 'Tubing head pressure',
  choke_size: 'Choke size',
  runtime: 'Runtime',
  gor: 'Gas-oil ratio',
  watercut: 'Watercut',
  ignore: 'Ignore',
};

/** The select's order: ignore first (the way out), then the record's own fields. */
export const TARGET_OPTIONS: readonly ColumnTarget[] = [
  'ignore',
  ...COLUMN_TARGETS.filter((target) => target !== 'ignore'),
];

/** The unit ids a column mapped to `target` may be in (none for date, well and ignore). */
export function unitChoicesOf(target: ColumnTarget): string[] {
  return isFieldTarget(target) ? unitsOf(target).map((unit) => unit.id) : [];
}

/** `m3/d` → `m³/d`, `e3m3/d` → `10³m³/d`: unit ids as the rest of the app writes them. */
export function displayUnit(id: string): string {
  return id.replace(/^e3/, '10³').replace(/^e6/, '10⁶').replace(/m3/g, 'm³');
}

/** The header of a preview column: `Oil rate (m³/d)` in the project's units. */
export function fieldHeading(field: keyof typeof FIELD_RULES, system: UnitSystem): string {
  const rule = FIELD_RULES[field];
  const unit = unitLabel(rule.quantity, system);
  return `${rule.label} (${unit})`;
}

export type ColumnLike = Pick<ImportColumn, 'index' | 'target'> & { unit?: string | null };

export interface ColumnChange {
  target?: ColumnTarget;
  /** A unit id; null for the project's unit. */
  unit?: string | null;
}

/**
 * Every column's mapping after one column changed, as the `columns` argument of
 * import-preview. The whole row is sent (not only the change) so the mapping
 * the person sees is the one parsed, saved mapping or not. A target another
 * column held moves here and that column is ignored (a target maps once).
 * A new target keeps the column's unit when it measures the same quantity
 * (oil → water keeps bbl/d), else takes the project's unit.
 */
export function changeColumn(
  columns: readonly ColumnLike[],
  index: number,
  change: ColumnChange,
): ColumnOverride[] {
  const current = columns.find((column) => column.index === index);
  const target = change.target ?? current?.target ?? 'ignore';
  const unit = nextUnit(current, target, change);
  return columns.map((column) => {
    if (column.index === index) return override(index, target, unit);
    if (target !== 'ignore' && column.target === target) return override(column.index, 'ignore');
    return override(column.index, column.target, column.unit ?? undefined);
  });
}

function nextUnit(
  current: ColumnLike | undefined,
  target: ColumnTarget,
  change: ColumnChange,
): string | undefined {
  if (!isFieldTarget(target)) return undefined;
  if (change.unit !== undefined) return change.unit ?? undefined;
  const previous = current?.unit ?? undefined;
  if (!current || !previous || !isFieldTarget(current.target)) return undefined;
  if (quantityOf(current.target) !== quantityOf(target)) return undefined;
  return unitChoicesOf(target).includes(previous) ? previous : undefined;
}

function override(index: number, target: ColumnTarget, unit?: string): ColumnOverride {
  return unit === undefined || !isFieldTarget(target) ? { index, target } : { index, target, unit };
}
