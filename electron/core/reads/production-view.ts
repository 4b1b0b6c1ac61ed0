import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  unitLabel,
  type ProductionField,
  type UnitSystem,
} from '../../../shared/api/index.js';
import type {
  DateRange,
  ProductionGetArgs,
  ProductionView,
  RowSyncState,
} from '../../../shared/desktop/index.js';
import { aggregateMonthly } from '../../../shared/production/monthly.js';
import type { ProductionRepo } from '../cache/production-repo.js';
import { displayConverter } from '../units/cache-units.js';

/**
 * Builds production-get's answer from the cache: columns in the project's
 * units. Daily reads copy no row objects at all (imperial columns are handed
 * over as read); monthly goes through aggregateMonthly, the very function the
 * server uses, on imperial values, then converts — the server's order too.
 */
export function buildProductionView(
  production: ProductionRepo,
  connectionId: string,
  args: ProductionGetArgs,
  unitSystem: UnitSystem,
  missing: DateRange[],
): ProductionView {
  const wanted = new Set<ProductionField>(args.fields ?? PRODUCTION_FIELDS);
  const fields = PRODUCTION_FIELDS.filter((field) => wanted.has(field));
  const range = { from: args.from, to: args.to };

  let dates: string[];
  let columns: Array<Array<number | null>>; // PRODUCTION_FIELDS order, imperial
  if (args.aggregation === 'daily') {
    ({ dates, columns } = production.readColumns(connectionId, args.wellId, range));
  } else {
    const months = aggregateMonthly(production.readRecords(connectionId, args.wellId, range));
    dates = months.map((month) => month.date);
    columns = PRODUCTION_FIELDS.map((field) => months.map((month) => month[field]));
  }

  const values: ProductionView['values'] = {};
  const units: ProductionView['units'] = {};
  for (const field of fields) {
    const quantity = FIELD_RULES[field].quantity;
    const column = columns[PRODUCTION_FIELDS.indexOf(field)] as Array<number | null>;
    values[field] =
      unitSystem === 'imperial' ? column : convertColumn(column, quantity, unitSystem);
    units[field] = unitLabel(quantity, unitSystem);
  }
  return {
    wellId: args.wellId,
    from: args.from,
    to: args.to,
    aggregation: args.aggregation,
    unitSystem,
    fields,
    units,
    dates,
    values,
    // The overlay of pending edits (the sync half) will set the other states.
    states: new Array<RowSyncState>(dates.length).fill('synced'),
    missing,
  };
}

function convertColumn(
  column: Array<number | null>,
  quantity: (typeof FIELD_RULES)[ProductionField]['quantity'],
  system: UnitSystem,
): Array<number | null> {
  const convert = displayConverter(quantity, system);
  const out = new Array<number | null>(column.length);
  for (let i = 0; i < column.length; i++) {
    const value = column[i] as number | null;
    out[i] = value === null ? null : convert(value);
  }
  return out;
}
