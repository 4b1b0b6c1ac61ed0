import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  unitLabel,
  type ProductionField,
  type UnitSystem,
} from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import {
  CoreError,
  HISTORY_START,
  viewToColumns,
  type ProductionColumns,
  type ProductionGetArgs,
} from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import { resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';
import { displayConverter } from '../units/cache-units.js';
import { prepareProductionRead } from './production-handlers.js';
import { buildProductionView } from './production-view.js';

const VOLUME_FIELDS = ['oil_rate', 'gas_rate', 'water_rate'] as const;

/**
 * production-columns: production-get as typed columns (shared/desktop/production.ts).
 * A daily read of a well with no queued edits goes straight from the packed years
 * (cache/production-packed.ts) to the answer: no string, no row and no boxed number on
 * the way. Monthly reads and wells with queued edits take production-get's own path (the
 * overlay's merge, aggregateMonthly) and are packed at the end, so the two answers are
 * the same rows by construction.
 *
 * production-volumes-before: Np, Gp and Wp before a day, summed here in the order and
 * units production-get's view would give the renderer, so the totals are the same
 * numbers the renderer used to add up from 15 years of rates.
 */
export function productionColumnsHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'production-columns': async (args) => {
        const read = await prepareProductionRead(ctx, args);
        return {
          data: readColumnsView(ctx, read.connection.id, args, read.unitSystem, read.missing),
          ...read.meta,
        };
      },
      'production-volumes-before': async (args) => {
        if (args.before <= HISTORY_START) {
          // Nothing can come before the start of history: no read, no fetch.
          const connection = resolveConnection(ctx, args.connectionId);
          const project = ctx.projects.get(connection.id, args.projectId);
          if (!project) {
            throw new CoreError('not-found', `Project ${args.projectId} is not in the cache.`);
          }
          return {
            data: {
              wellId: args.wellId,
              before: args.before,
              unitSystem: project.unitSystem,
              volumes: { oil_rate: 0, gas_rate: 0, water_rate: 0 },
              missing: [],
            },
            source: 'cache' as const,
            stale: false,
            offline: false,
            fetchedAt: null,
          };
        }
        const history: ProductionGetArgs = {
          ...args,
          from: HISTORY_START,
          to: addDays(args.before, -1),
          aggregation: 'daily',
          fields: [...VOLUME_FIELDS],
        };
        const read = await prepareProductionRead(ctx, history);
        const columns = readColumnsView(
          ctx,
          read.connection.id,
          history,
          read.unitSystem,
          read.missing,
        );
        return {
          data: {
            wellId: args.wellId,
            before: args.before,
            unitSystem: read.unitSystem,
            volumes: read.missing.length === 0 ? sums(columns) : null,
            missing: read.missing,
          },
          ...read.meta,
        };
      },
    },
    ctx.log,
  );
}

function readColumnsView(
  ctx: CoreContext,
  connectionId: string,
  args: ProductionGetArgs,
  unitSystem: UnitSystem,
  missing: DateInterval[],
): ProductionColumns {
  const range = { from: args.from, to: args.to };
  if (args.aggregation !== 'daily' || ctx.outbox.hasProductionEdits(connectionId, args.wellId)) {
    return viewToColumns(
      buildProductionView(
        (days) =>
          mergeProductionEdits(
            ctx,
            connectionId,
            args.wellId,
            days,
            ctx.production.readColumns(connectionId, args.wellId, days),
          ),
        args,
        unitSystem,
        missing,
      ),
    );
  }
  const packed = ctx.production.readPacked(connectionId, args.wellId, range);
  const wanted = new Set<ProductionField>(args.fields ?? PRODUCTION_FIELDS);
  const fields = PRODUCTION_FIELDS.filter((field) => wanted.has(field));
  const values: ProductionColumns['values'] = {};
  const units: ProductionColumns['units'] = {};
  for (const field of fields) {
    const quantity = FIELD_RULES[field].quantity;
    const column = packed.columns[PRODUCTION_FIELDS.indexOf(field)] as Float64Array;
    values[field] = unitSystem === 'imperial' ? column : convert(column, quantity, unitSystem);
    units[field] = unitLabel(quantity, unitSystem);
  }
  return {
    wellId: args.wellId,
    from: args.from,
    to: args.to,
    aggregation: 'daily',
    unitSystem,
    fields,
    units,
    days: packed.days,
    values,
    states: new Uint8Array(packed.days.length), // 0: synced (no queued edit)
    deletions: [],
    missing,
  };
}

function convert(
  column: Float64Array,
  quantity: (typeof FIELD_RULES)[ProductionField]['quantity'],
  system: UnitSystem,
): Float64Array {
  const to = displayConverter(quantity, system);
  const out = new Float64Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const value = column[i] as number;
    out[i] = value === value ? to(value) : NaN;
  }
  return out;
}

/** Each phase's Σ of its daily rates, in row order, as `volumesOf` adds a view's. */
function sums(columns: ProductionColumns): Record<(typeof VOLUME_FIELDS)[number], number> {
  const sum = (field: (typeof VOLUME_FIELDS)[number]) => {
    const column = columns.values[field];
    let total = 0;
    if (column)
      for (let i = 0; i < column.length; i++)
        total += column[i] === column[i] ? (column[i] as number) : 0;
    return total;
  };
  return { oil_rate: sum('oil_rate'), gas_rate: sum('gas_rate'), water_rate: sum('water_rate') };
}
