import {
  FIELD_RULES,
  isProductionField,
  unitLabel,
  type Quantity,
  type UnitSystem,
} from '#shared/api/index.js';
import type { ChangeView, ValueChangeView } from '#shared/desktop/index.js';
import { displayConverter } from '../units/cache-units.js';
import type { StoredChange, StoredValue, ValueChange } from './change-log-repo.js';

/** The well members kept in feet; every other member is shown as stored. */
const LENGTH_MEMBERS = new Set(['lateralLength', 'perfTop', 'perfBottom']);

function quantityOf(field: string): Quantity | null {
  if (isProductionField(field)) return FIELD_RULES[field].quantity;
  return LENGTH_MEMBERS.has(field) ? 'length' : null;
}

/** Stored changes as the person reads them: values in the project's units, with the unit. */
export function changeViewer(
  system: UnitSystem,
  connectionName: string,
  onlyField?: string,
): (row: StoredChange) => ChangeView {
  const valueView = ([field, oldValue, newValue]: ValueChange): ValueChangeView => {
    const quantity = quantityOf(field);
    const show = quantity === null ? null : displayConverter(quantity, system);
    const value = (stored: StoredValue) =>
      show !== null && typeof stored === 'number' ? show(stored) : stored;
    return {
      field,
      oldValue: value(oldValue),
      newValue: value(newValue),
      unit: quantity === null ? null : unitLabel(quantity, system),
    };
  };
  return (row) => {
    const values = onlyField ? row.values.filter(([field]) => field === onlyField) : row.values;
    return {
      id: row.id,
      batch: row.batch,
      at: row.at,
      actor: row.actor,
      connectionName,
      source: row.source,
      sourceLabel: row.sourceLabel,
      wellId: row.wellId,
      wellName: row.wellName,
      date: row.date,
      values: values.map(valueView),
      oldUnknown: row.oldUnknown,
      state: row.state,
      settledAt: row.settledAt,
    };
  };
}
