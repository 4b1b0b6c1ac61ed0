import { PRODUCTION_FIELDS, type ProductionField } from '#shared/api/index.js';
import type { DeclineStream } from '#shared/desktop/index.js';
import { epochDay } from '#shared/dates/iso-day.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CoreContext } from '../core-context.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';
import type { LossSeries } from './well-loss.js';
import type { StreamDays } from './well-variance.js';

const STREAM_FIELD = { oil: 'oil_rate', gas: 'gas_rate', water: 'water_rate' } as const;

/** One field of a well as the engineer sees it: cached rows with queued edits merged over. */
function readMerged(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  field: ProductionField,
  range: DateInterval,
) {
  return mergeProductionEdits(
    ctx,
    connectionId,
    wellId,
    range,
    ctx.production.readField(connectionId, wellId, field, range),
    [PRODUCTION_FIELDS.indexOf(field)],
  );
}

/**
 * A well's rate of one stream and its runtime, day by day over `range`, in imperial units
 * (two columns, not the nine fields, and only the days needed: the project's every well is
 * read). Both columns come from the same rows, so they share their days.
 */
export function readLossSeries(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  stream: DeclineStream,
  range: DateInterval,
): LossSeries {
  // Most wells have nothing queued: both columns as the cache holds them, from its packed
  // years (typed arrays, no date text to parse: a project of 20,000 wells is read whole).
  if (!ctx.outbox.hasProductionEdits(connectionId, wellId)) {
    const packed = ctx.production.readPacked(connectionId, wellId, range);
    return {
      days: packed.days,
      rates: packed.columns[PRODUCTION_FIELDS.indexOf(STREAM_FIELD[stream])] as Float64Array,
      runtimes: packed.columns[PRODUCTION_FIELDS.indexOf('runtime')] as Float64Array,
    };
  }
  const rates = readMerged(ctx, connectionId, wellId, STREAM_FIELD[stream], range);
  const runtime = readMerged(ctx, connectionId, wellId, 'runtime', range);
  const runtimeByDate = new Map<string, number | null>();
  const runtimeColumn = runtime.columns[0] as Array<number | null>;
  runtime.dates.forEach((date, i) => runtimeByDate.set(date, runtimeColumn[i] ?? null));
  const rateColumn = rates.columns[0] as Array<number | null>;
  return {
    days: rates.dates.map(epochDay),
    rates: rateColumn,
    runtimes: rates.dates.map((date) => runtimeByDate.get(date) ?? null),
  };
}

const ALL_DAYS = { from: '0000-01-01', to: '9999-12-31' };

/**
 * Every day of a well's stream, as variance reads it: from the packed years when nothing is
 * queued for the well (typed arrays, NaN for no value), else the rows with the edits merged.
 */
export function readStreamDays(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  stream: DeclineStream,
): StreamDays {
  const field = STREAM_FIELD[stream];
  if (!ctx.outbox.hasProductionEdits(connectionId, wellId)) {
    const packed = ctx.production.readPacked(connectionId, wellId, ALL_DAYS);
    return {
      days: packed.days,
      rates: packed.columns[PRODUCTION_FIELDS.indexOf(field)] as Float64Array,
    };
  }
  const merged = readMerged(ctx, connectionId, wellId, field, ALL_DAYS);
  return { days: merged.dates.map(epochDay), rates: merged.columns[0] as Array<number | null> };
}
