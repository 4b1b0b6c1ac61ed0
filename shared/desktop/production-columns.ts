import { epochDay, isoFromEpochDay } from '../dates/iso-day.js';
import type { ProductionColumns, ProductionView } from './production.js';
import { ROW_SYNC_STATES, type RowSyncState } from './sync-states.js';

/**
 * ProductionView ⇄ ProductionColumns, both ways, exactly: a date is its epoch day, a null
 * is NaN (the cache and the API hold only finite numbers), a state is its index in
 * ROW_SYNC_STATES.
 */

const STATE_CODES = new Map<RowSyncState, number>(ROW_SYNC_STATES.map((state, i) => [state, i]));

export function viewToColumns(view: ProductionView): ProductionColumns {
  const n = view.dates.length;
  const days = new Int32Array(n);
  for (let i = 0; i < n; i++) days[i] = epochDay(view.dates[i] as string);
  const states = new Uint8Array(n);
  for (let i = 0; i < n; i++) states[i] = STATE_CODES.get(view.states[i] ?? 'synced') ?? 0;
  const values: ProductionColumns['values'] = {};
  for (const field of view.fields) {
    const column = view.values[field];
    if (column) values[field] = nullsToNaN(column);
  }
  return {
    wellId: view.wellId,
    from: view.from,
    to: view.to,
    aggregation: view.aggregation,
    unitSystem: view.unitSystem,
    fields: view.fields,
    units: view.units,
    days,
    values,
    states,
    deletions: view.deletions,
    missing: view.missing,
  };
}

export function columnsToView(columns: ProductionColumns): ProductionView {
  const n = columns.days.length;
  const dates = new Array<string>(n);
  for (let i = 0; i < n; i++) dates[i] = dayString(columns.days[i] as number);
  const states = new Array<RowSyncState>(n);
  for (let i = 0; i < n; i++) states[i] = ROW_SYNC_STATES[columns.states[i] as number] ?? 'synced';
  const values: ProductionView['values'] = {};
  for (const field of columns.fields) {
    const column = columns.values[field];
    if (column) values[field] = nanToNulls(column);
  }
  return {
    wellId: columns.wellId,
    from: columns.from,
    to: columns.to,
    aggregation: columns.aggregation,
    unitSystem: columns.unitSystem,
    fields: columns.fields,
    units: columns.units,
    dates,
    values,
    states,
    deletions: columns.deletions,
    missing: columns.missing,
  };
}

const views = new WeakMap<ProductionColumns, ProductionView>();

/**
 * `columnsToView`, made once per answer (the renderer holds one answer per read): what
 * pending bands, captions, the records grid's rows and exports are written against.
 */
export function viewOfColumns(columns: ProductionColumns): ProductionView {
  let view = views.get(columns);
  if (!view) {
    view = columnsToView(columns);
    views.set(columns, view);
  }
  return view;
}

export function nullsToNaN(column: ReadonlyArray<number | null>): Float64Array {
  const out = new Float64Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const value = column[i];
    out[i] = value === null || value === undefined ? NaN : value;
  }
  return out;
}

export function nanToNulls(column: ArrayLike<number>): Array<number | null> {
  const out = new Array<number | null>(column.length);
  for (let i = 0; i < column.length; i++) {
    const value = column[i] as number;
    out[i] = value === value ? value : null; // NaN is null
  }
  return out;
}

/** ISO dates of epoch days, remembered: a well page reads the same days again and again. */
const DAY_STRINGS = new Map<number, string>();
export function dayString(day: number): string {
  let text = DAY_STRINGS.get(day);
  if (text === undefined) {
    text = isoFromEpochDay(day);
    if (DAY_STRINGS.size < 200_000) DAY_STRINGS.set(day, text);
  }
  return text;
}

/**
 * True when two answers hold the same production, value for value (NaN equals NaN). A
 * re-read that finds nothing new (react-query reads again whenever a page mounts) then
 * keeps the answer already on screen, so nothing drawn from it is rebuilt or redrawn.
 */
export function sameColumns(a: ProductionColumns, b: ProductionColumns): boolean {
  if (
    a.wellId !== b.wellId ||
    a.from !== b.from ||
    a.to !== b.to ||
    a.aggregation !== b.aggregation ||
    a.unitSystem !== b.unitSystem ||
    a.fields.join() !== b.fields.join() ||
    JSON.stringify([a.units, a.deletions, a.missing]) !==
      JSON.stringify([b.units, b.deletions, b.missing]) ||
    !sameArray(a.days, b.days) ||
    !sameArray(a.states, b.states)
  ) {
    return false;
  }
  const fields = Object.keys(a.values) as Array<keyof ProductionColumns['values']>;
  if (fields.length !== Object.keys(b.values).length) return false;
  return fields.every((field) => {
    const x = a.values[field];
    const y = b.values[field];
    return x !== undefined && y !== undefined && sameArray(x, y);
  });
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
