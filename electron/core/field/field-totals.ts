import { FIELD_RULES, PRODUCTION_FIELDS } from '#shared/api/index.js';
import type { FieldTotalsArgs, FieldTotalsResult } from '#shared/desktop/index.js';
import {
  FieldTotalsBuilder,
  type FieldTotalsSeries,
  type FieldTotalsUnits,
} from '#shared/field/index.js';
import { cumulativeUnit } from '#shared/production/index.js';
import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import { bringHistory } from '../replica/bring-history.js';
import type { CoreContext } from '../core-context.js';
import { mergedDays } from '../overlay/current-days.js';
import { overlayJson, wellOverlays } from '../overlay/well-overlay.js';
import { displayConverter } from '../units/cache-units.js';
import type { TotalsSql } from './totals-sql.js';

/**
 * Wells summed by SQLite per turn. The core answers every handler on one thread, so the
 * sums give way between groups of wells (setImmediate): a person opening a well meanwhile
 * waits for one group (a few milliseconds for 16 wells of ten years), not the project.
 */
const WELLS_PER_TURN = 16;
const PROGRESS_EVERY_MS = 100;
const ALL_TIME = { from: '0001-01-01', to: '9999-12-31' };
const OIL = PRODUCTION_FIELDS.indexOf('oil_rate');
const GAS = PRODUCTION_FIELDS.indexOf('gas_rate');
const WATER = PRODUCTION_FIELDS.indexOf('water_rate');

export type FieldTotalsRequest = Omit<FieldTotalsArgs, 'connectionId'> & { connectionId: string };

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The project's field totals. Wells without queued production edits are summed in SQL
 * over the cached server rows; a well with queued edits (pending, syncing, refused or in
 * conflict) is read through the overlay, as its well page shows it, and added day by day.
 */
export async function fieldTotals(
  ctx: CoreContext,
  sql: TotalsSql,
  request: FieldTotalsRequest,
): Promise<FieldTotalsResult> {
  const { connectionId, projectId } = request;
  const project = ctx.projects.get(connectionId, projectId);
  if (!project) throw new Error(`Project ${projectId} is not in the cache`);
  const wells = ctx.wells.query(
    connectionId,
    projectId,
    { type: request.type, status: request.status, wellIds: request.wellIds },
    overlayJson(wellOverlays(ctx, connectionId, projectId)),
  ).rows;
  let fetching = 0;
  const notWhole = await bringHistory(
    ctx,
    connectionId,
    projectId,
    wells.map((well) => well.id),
    (count) => {
      fetching = count;
      ctx.events.emit('field-progress', {
        connectionId,
        projectId,
        wellsDone: 0,
        wellsTotal: wells.length,
        wellsFetching: fetching,
      });
    },
  );
  // The person's own work: background replication waits between its wells while it runs.
  return ctx.foreground.track(async () => {
    const monthly = request.aggregation === 'monthly';
    const builder = new FieldTotalsBuilder();
    const edited = wells.filter((well) => ctx.outbox.hasProductionEdits(connectionId, well.id));
    const editedIds = new Set(edited.map((well) => well.id));
    const plainIds = wells.filter((well) => !editedIds.has(well.id)).map((well) => well.id);
    const withProduction = sql.wellsWithRows(connectionId, plainIds);

    let done = 0;
    let lastProgress = 0;
    const progress = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      ctx.events.emit('field-progress', {
        connectionId,
        projectId,
        wellsDone: done,
        wellsTotal: wells.length,
        wellsFetching: 0,
      });
    };
    progress(true);
    const summed = plainIds.filter((id) => withProduction.has(id));
    done = plainIds.length - summed.length;
    for (let start = 0; start < summed.length; start += WELLS_PER_TURN) {
      await giveWay();
      const group = summed.slice(start, start + WELLS_PER_TURN);
      sql.addWells(builder, connectionId, group);
      done += group.length;
      progress(false);
    }
    if (monthly) {
      // The months any of these wells reported, from the sums just made; the probes of a
      // month without a row are the cheapest there are, so every month is asked of every well.
      const months = builder.months();
      for (let start = 0; start < summed.length; start += WELLS_PER_TURN) {
        await giveWay();
        sql.addProducingMonths(
          builder,
          connectionId,
          summed.slice(start, start + WELLS_PER_TURN),
          months,
        );
      }
    }
    for (const well of edited) {
      await giveWay();
      // Read now, not before the loop: an edit queued while the sums ran is in them.
      const merged = mergedDays(ctx, connectionId, well.id, ALL_TIME);
      if (merged.dates.length > 0) withProduction.add(well.id);
      const producingMonths = new Set<string>();
      merged.dates.forEach((date, row) => {
        const oil = merged.columns[OIL]![row] ?? null;
        const gas = merged.columns[GAS]![row] ?? null;
        const water = merged.columns[WATER]![row] ?? null;
        const producing = (oil ?? 0) > 0 || (gas ?? 0) > 0 || (water ?? 0) > 0;
        builder.addDay(date, oil, gas, water, producing ? 1 : 0);
        if (producing) producingMonths.add(date.slice(0, 7));
      });
      for (const month of producingMonths) builder.addProducingMonth(month, 1);
      done++;
      progress(false);
    }
    progress(true);

    const series = monthly ? builder.monthly() : builder.daily();
    return {
      projectId,
      aggregation: request.aggregation,
      unitSystem: project.unitSystem,
      units: totalsUnits(project.unitSystem),
      ...inProjectUnits(series, project.unitSystem),
      wellCount: wells.length,
      wellsWithProduction: withProduction.size,
      wellsWithoutProduction: wells
        .filter((well) => !withProduction.has(well.id))
        .map((well) => ({ id: well.id, name: well.name ?? well.id })),
      wellsNotWhole: wells
        .filter((well) => notWhole.has(well.id) && withProduction.has(well.id))
        .map((well) => ({ id: well.id, name: well.name ?? well.id })),
      wellsWithPendingEdits: edited.length,
      computedAt: ctx.now().toISOString(),
    };
  });
}

function totalsUnits(system: UnitSystem): FieldTotalsUnits {
  return {
    oil: unitLabel(FIELD_RULES.oil_rate.quantity, system),
    gas: unitLabel(FIELD_RULES.gas_rate.quantity, system),
    water: unitLabel(FIELD_RULES.water_rate.quantity, system),
    oilVolume: cumulativeUnit('oil_rate', system),
    gasVolume: cumulativeUnit('gas_rate', system),
    waterVolume: cumulativeUnit('water_rate', system),
  };
}

/**
 * Sums and volumes from the cache's imperial units to the project's: every conversion is
 * a factor, so converting a sum is the sum of the converted values (to rounding), and a
 * volume converts with its rate's factor (bbl/d × d → bbl, m³/d × d → m³).
 */
function inProjectUnits(series: FieldTotalsSeries, system: UnitSystem): FieldTotalsSeries {
  const liquid = displayConverter(FIELD_RULES.oil_rate.quantity, system);
  const gas = displayConverter(FIELD_RULES.gas_rate.quantity, system);
  const each = (column: Array<number | null>, convert: (value: number) => number) =>
    column.map((value) => (value === null ? null : convert(value)));
  return {
    dates: series.dates,
    oil: each(series.oil, liquid),
    gas: each(series.gas, gas),
    water: each(series.water, liquid),
    producingWells: series.producingWells,
    cumulativeOil: each(series.cumulativeOil, liquid),
    cumulativeGas: each(series.cumulativeGas, gas),
    cumulativeWater: each(series.cumulativeWater, liquid),
  };
}
