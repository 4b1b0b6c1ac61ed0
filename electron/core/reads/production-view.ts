import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  unitLabel,
  type ProductionField,
  type ProductionRecord,
  type UnitSystem,
} from '#shared/api/index.js';
import type {
  DateRange,
  ProductionGetArgs,
  ProductionView,
  RowSyncState,
} from '#shared/desktop/index.js';
import { aggregateMonthly } from '#shared/production/monthly.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { MergedDaily } from '../overlay/production-overlay.js';
import { leastSettled } from '../overlay/row-states.js';
import { displayConverter } from '../units/cache-units.js';

/**
 * Builds production-get's answer from the cache: columns in the project's
 * units. `readDaily` gives the server rows with the queued edits merged over
 * them. Daily reads copy no row objects at all (imperial columns are handed
 * over as read); monthly goes through aggregateMonthly, the very function the
 * server uses, on the merged imperial days, then converts — the server's
 * order too.
 */
export function buildProductionView(
  readDaily: (range: DateInterval) => MergedDaily,
  args: ProductionGetArgs,
  unitSystem: UnitSystem,
  missing: DateRange[],
): ProductionView {
  const wanted = new Set<ProductionField>(args.fields ?? PRODUCTION_FIELDS);
  const fields = PRODUCTION_FIELDS.filter((field) => wanted.has(field));
  const daily = readDaily({ from: args.from, to: args.to });

  let dates: string[];
  let columns: Array<Array<number | null>>; // PRODUCTION_FIELDS order, imperial
  let states: RowSyncState[];
  if (args.aggregation === 'daily') {
    ({ dates, columns, states } = daily);
  } else {
    const months = aggregateMonthly(toRecords(daily));
    dates = months.map((month) => month.date);
    columns = PRODUCTION_FIELDS.map((field) => months.map((month) => month[field]));
    states = monthStates(dates, daily);
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
    states,
    deletions: daily.deletions,
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

function toRecords({ dates, columns }: MergedDaily): ProductionRecord[] {
  const [oil, water, gas, bhp, thp, choke, runtime, gor, watercut] = columns as Array<
    Array<number | null>
  >;
  // One literal of fixed shape per day: several times faster than adding members one by one.
  return dates.map((date, r) => ({
    date,
    oil_rate: oil![r] ?? null,
    water_rate: water![r] ?? null,
    gas_rate: gas![r] ?? null,
    bhp: bhp![r] ?? null,
    thp: thp![r] ?? null,
    choke_size: choke![r] ?? null,
    runtime: runtime![r] ?? null,
    gor: gor![r] ?? null,
    watercut: watercut![r] ?? null,
  }));
}

/** A month is as unsettled as its least settled day, deleted days included. */
function monthStates(months: readonly string[], daily: MergedDaily): RowSyncState[] {
  const byMonth = new Map<string, RowSyncState>(
    months.map((month) => [month.slice(0, 7), 'synced']),
  );
  const settle = (month: string, state: RowSyncState) => {
    const current = byMonth.get(month);
    if (current !== undefined) byMonth.set(month, leastSettled(current, state));
  };
  daily.dates.forEach((date, r) => settle(date.slice(0, 7), daily.states[r] ?? 'synced'));
  for (const deletion of daily.deletions) {
    for (const month of byMonth.keys()) {
      if (`${month}-31` >= deletion.from && `${month}-01` <= deletion.to)
        settle(month, deletion.state);
    }
  }
  return months.map((month) => byMonth.get(month.slice(0, 7)) ?? 'synced');
}
